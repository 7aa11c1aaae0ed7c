// Client regex matching: the old path (Python syntax translated to a V8 RegExp, read from git
// as `27c36c0:lib/pyregex.ts`) against the linear-time engine (lib/formats/regex) on typical
// filter patterns over 10,000 short names. Reports µs per match; asserts nothing.
// `deno run -A bench/regex.ts`

import { ClientRegex, compileClientRegex } from "../lib/formats/regex/compile.ts";

interface OldEngine {
  compilePythonRegex(pattern: string): RegExp | null;
  fullMatch(re: RegExp, s: string): boolean;
  search(re: RegExp, s: string): boolean;
}

const OLD_COMMIT = "27c36c04a026b0f71a088810fa570277b9e965e7";
const ROUNDS = 20;

async function loadOldEngine(): Promise<OldEngine> {
  const root = new URL("..", import.meta.url).pathname;
  const show = new Deno.Command("git", {
    args: ["show", `${OLD_COMMIT}:lib/pyregex.ts`],
    cwd: root,
  });
  const { success, stdout } = await show.output();
  if (!success) throw new Error(`git show ${OLD_COMMIT}:lib/pyregex.ts failed`);
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeFile(file, stdout);
  try {
    return await import(`file://${file}`);
  } finally {
    await Deno.remove(file);
  }
}

function names(count: number): string[] {
  const shapes = [
    (i: number) => `Button ${i}`,
    (i: number) => `item ${i}`,
    (i: number) => `report-${2000 + (i % 30)}.txt`,
    (i: number) => `Ln ${i % 400}, Col ${i % 80}`,
    (i: number) => ["OK", "Cancel", "Apply", "Save as…", "File", "Edit"][i % 6],
    (i: number) => `Untitled ${i} — Notepad`,
    (i: number) => `Group ${i % 97} of settings`,
  ];
  return Array.from({ length: count }, (_, i) => shapes[i % shapes.length](i));
}

const PATTERNS = [
  "Save",
  "(?i)notepad",
  "^Button \\d+$",
  "Ln \\d+, Col \\d+",
  ".*\\.txt$",
  "(?i)^(ok|cancel|apply)$",
  "\\d{2,}",
  "[A-Z][a-z]+ [a-z]+",
];

/** µs per call of `match` over every name, and how many names matched. */
function measure(subjects: string[], match: (s: string) => boolean): [number, number] {
  let hits = 0;
  for (const s of subjects) if (match(s)) hits++; // warm-up
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const s of subjects) match(s);
  return [((performance.now() - started) * 1000) / (ROUNDS * subjects.length), hits];
}

const old = await loadOldEngine();
const subjects = names(10_000);
const header = ["pattern", "search V8", "search RE2", "fullmatch V8", "fullmatch RE2", "hits"];
const rows: string[][] = [];
for (const pattern of PATTERNS) {
  const v8 = old.compilePythonRegex(pattern)!;
  const re2 = compileClientRegex(pattern);
  if (!(re2 instanceof ClientRegex)) throw new Error(`${pattern}: ${re2.message}`);
  const [v8Search, v8SearchHits] = measure(subjects, (s) => old.search(v8, s));
  const [re2Search, re2SearchHits] = measure(subjects, (s) => re2.search(s));
  const [v8Full, v8FullHits] = measure(subjects, (s) => old.fullMatch(v8, s));
  const [re2Full, re2FullHits] = measure(subjects, (s) => re2.fullMatch(s));
  const agree = v8SearchHits === re2SearchHits && v8FullHits === re2FullHits;
  rows.push([
    pattern,
    ...[v8Search, re2Search, v8Full, re2Full].map((us) => us.toFixed(3)),
    `${re2SearchHits}/${re2FullHits}${agree ? "" : " (engines disagree)"}`,
  ]);
}
// The fuzz's pattern: exponential on V8 (not run), linear on RE2.
const fuzz = compileClientRegex("(.*)*Z") as ClientRegex;
const [fuzzSearch] = measure(subjects, (s) => fuzz.search(s));
const [fuzzFull] = measure(subjects, (s) => fuzz.fullMatch(s));
rows.push(["(.*)*Z", "not run", fuzzSearch.toFixed(3), "not run", fuzzFull.toFixed(3), "0/0"]);

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(`µs per match over ${subjects.length} names (${ROUNDS} rounds)`);
console.log(line(header));
for (const row of rows) console.log(line(row));
