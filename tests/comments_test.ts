// Comments stand alone: no source cites a document kept outside this
// repository, and every repository path a comment names exists, so a reader
// with only this repository can follow each one.

import { strict as assert } from "node:assert";
import { dirname, join, normalize } from "node:path";
import { OUTSIDE_CITATION, ROOT, sourceFiles } from "./helpers/source_files.ts";

const TOP = ["lib", "adapters", "routes", "tests", "bench", "scenarios"];
const OTHER_EXTENSIONS = [".js", ".yaml", ".c", ".py", ".lua"];

/** Data fixtures are not sources: only their YAML scenarios and C programs have comments. */
const isData = (path: string) =>
  path.includes("/fixtures/") && !path.endsWith(".yaml") && !path.endsWith(".c");

/** Every product and test source this file checks, relative to ROOT. */
function allSources(): string[] {
  const files = ["main.ts"];
  for (const dir of TOP) {
    files.push(...[...sourceFiles(dir)].filter((f) => !f.includes("node_modules/")));
    files.push(
      ...[...sourceFiles(dir, OTHER_EXTENSIONS)].filter((f) =>
        !f.includes("node_modules/") && !isData(f)
      ),
    );
  }
  return files.sort();
}

/**
 * The checks that hold a citation of an outside document on purpose, as a string literal: per
 * file, the one line shape that may. Each must still be there (a stale exception fails too).
 */
const CHECKS: Record<string, RegExp> = {
  "tests/openapi_test.ts": /^\s*assert\.ok\(!generated\.includes\("[^"]+"\)\);$/,
};

/** Lines of `text` citing an outside document, as `file:line: text`. */
export function outsideCitations(file: string, text: string): string[] {
  const allowed = CHECKS[file];
  return text.split("\n").flatMap((line, i) =>
    OUTSIDE_CITATION.test(line) && !(allowed?.test(line))
      ? [`${file}:${i + 1}: ${line.trim()}`]
      : []
  );
}

export interface CommentLine {
  /** 1-based line number. */
  line: number;
  text: string;
}

type Syntax = "c" | "hash" | "lua";

function syntaxOf(file: string): Syntax {
  if (file.endsWith(".yaml") || file.endsWith(".py")) return "hash";
  if (file.endsWith(".lua")) return "lua";
  return "c";
}

/** The characters after which a `/` in code starts a regex literal rather than a division. */
const BEFORE_REGEX = new Set("(,=:[!&|?{};+-*%<>~^".split(""));
const KEYWORDS_BEFORE_REGEX = /\b(return|typeof|case|of|in|do|else|void|yield|await)$/;

/**
 * The comment text of a source, line by line: `//` and `/* *\/` comments of TypeScript,
 * JavaScript and C (strings, template literals and regex literals skipped), `#` comments
 * of YAML and Python, `--` comments of Lua. Lines without a comment are left out.
 */
export function commentText(source: string, syntax: Syntax): CommentLine[] {
  const lines = new Map<number, string[]>();
  const add = (line: number, text: string) => {
    if (text.trim() === "") return;
    const list = lines.get(line) ?? [];
    list.push(text);
    lines.set(line, list);
  };
  if (syntax === "c") scanC(source, add);
  else scanLineComments(source, syntax === "hash" ? "#" : "--", add);
  return [...lines.entries()].map(([line, parts]) => ({ line, text: parts.join(" ") }));
}

function regexMayStart(before: string): boolean {
  return before === "" || BEFORE_REGEX.has(before.at(-1)!) || KEYWORDS_BEFORE_REGEX.test(before);
}

function scanC(src: string, add: (line: number, text: string) => void): void {
  let line = 1;
  let i = 0;
  // The last few characters of code before the cursor, whitespace collapsed; a literal
  // leaves a stand-in, so `/` after it is a division.
  let last = "";
  // Frames: each open template literal records the brace depth of its `${` expression.
  const templates: number[] = [];
  let depth = 0;
  const skipQuoted = (quote: string) => {
    i++;
    while (i < src.length && src[i] !== quote) {
      if (src[i] === "\\") i++;
      else if (src[i] === "\n") {
        if (quote !== "`") break; // an unterminated string ends at its line
        line++;
      }
      i++;
    }
    i++;
  };
  // Reads template text from i (after the opening backtick or a closing `}`).
  const templateText = () => {
    while (i < src.length) {
      const c = src[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        i++;
        return;
      } else if (c === "$" && src[i + 1] === "{") {
        i += 2;
        templates.push(depth);
        depth = 0;
        return;
      } else {
        if (c === "\n") line++;
        i++;
      }
    }
  };
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === "/" && next === "/") {
      const end = src.indexOf("\n", i);
      const stop = end === -1 ? src.length : end;
      add(line, src.slice(i + 2, stop));
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end === -1 ? src.length : end;
      src.slice(i + 2, stop).split("\n").forEach((part, k) => add(line + k, part));
      line += src.slice(i, stop).split("\n").length - 1;
      i = stop + 2;
    } else if (c === "/" && regexMayStart(last.trimEnd())) {
      // A regex literal: up to the unescaped `/` outside a character class.
      let inClass = false;
      i++;
      while (i < src.length && src[i] !== "\n") {
        if (src[i] === "\\") i++;
        else if (src[i] === "[") inClass = true;
        else if (src[i] === "]") inClass = false;
        else if (src[i] === "/" && !inClass) break;
        i++;
      }
      i++;
      last = "/re/";
    } else if (c === '"' || c === "'") {
      skipQuoted(c);
      last = "'s'";
    } else if (c === "`") {
      i++;
      templateText();
      last = "`t`";
    } else if (c === "{") {
      depth++;
      i++;
      last = "{";
    } else if (c === "}" && depth === 0 && templates.length > 0) {
      depth = templates.pop()!;
      i++;
      templateText();
      last = "`t`";
    } else {
      if (c === "}") depth--;
      last = (/\s/.test(c) ? last.replace(/\s*$/, " ") : last + c).slice(-16);
      i++;
    }
  }
}

function scanLineComments(
  src: string,
  marker: string,
  add: (line: number, text: string) => void,
): void {
  src.split("\n").forEach((text, index) => {
    let quote = "";
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === "\\" && quote === '"') i++;
        else if (c === quote) quote = "";
      } else if (c === '"' || c === "'") {
        // In YAML an apostrophe inside a plain word (it's) does not open a string.
        if (marker === "#" && c === "'" && /\w/.test(text[i - 1] ?? "")) continue;
        quote = c;
      } else if (
        text.startsWith(marker, i) && (marker !== "#" || i === 0 || /\s/.test(text[i - 1]))
      ) {
        add(index + 1, text.slice(i + marker.length));
        return;
      }
    }
  });
}

const REPO_PATH = new RegExp(
  String.raw`(?<![\w./:-])(?:(?:lib|adapters|routes|tests|bench|docs|scenarios)/[A-Za-z0-9_./-]*` +
    String.raw`\.(?:ts|js|md|yaml|json|c|py|lua)|main\.ts|deno\.json|config\.json(?:\.example)?)` +
    String.raw`(?![\w/-])`,
  "g",
);
const RELATIVE_PATH = /(?<![\w./:-])\.\.?\/\w[A-Za-z0-9_./-]*/g;

/**
 * The repository paths one comment names, relative to ROOT: paths from the root as written,
 * `./` and `../` ones resolved against `file`'s folder. Globs and placeholders are skipped.
 */
export function pathsIn(comment: string, file: string): string[] {
  const found: string[] = [];
  const placeholder = (index: number, length: number) => {
    const start = comment.lastIndexOf(" ", index) + 1;
    const end = comment.indexOf(" ", index + length);
    return /[*<{]/.test(comment.slice(start, end === -1 ? undefined : end));
  };
  for (const m of comment.matchAll(REPO_PATH)) {
    if (!placeholder(m.index, m[0].length)) found.push(m[0]);
  }
  for (const m of comment.matchAll(RELATIVE_PATH)) {
    const path = m[0].replace(/\.+$/, "");
    if (path === "." || path === ".." || placeholder(m.index, m[0].length)) continue;
    found.push(normalize(join(dirname(file), path)).replace(/\/$/, ""));
  }
  return found;
}

function exists(path: string): boolean {
  try {
    Deno.statSync(join(ROOT, path));
    return true;
  } catch {
    return false;
  }
}

Deno.test("comment text and the paths in it, case by case", () => {
  const c: Array<[string, string[]]> = [
    ['const a = "see lib/x.ts"; // see lib/y.ts', [" see lib/y.ts"]],
    ["const u = 'https://x/lib/a.ts';", []],
    ["/** One\n * lib/a.ts\n */\nx();", ["* One", " * lib/a.ts"]],
    ['const r = /"/; // after a regex with a quote', [" after a regex with a quote"]],
    ["const t = `a ${b ? `//c` : '//d'} e`; // f", [" f"]],
    ["const q = a / b; // division", [" division"]],
    ["if (/\\/\\//.test(s)) return; /* x */", [" x "]],
  ];
  for (const [source, expected] of c) {
    assert.deepEqual(commentText(source, "c").map((l) => l.text), expected, source);
  }
  assert.deepEqual(commentText("a: 'x # y' # z\nb: it's # w\n# v", "hash"), [
    { line: 1, text: " z" },
    { line: 2, text: " w" },
    { line: 3, text: " v" },
  ]);
  assert.deepEqual(commentText('x = "--" -- note', "lua"), [{ line: 1, text: " note" }]);

  const paths: Array<[string, string, string[]]> = [
    ["see lib/x.ts", "lib/a/b.ts", ["lib/x.ts"]],
    ["https://x/lib/a.ts and a URL", "lib/a/b.ts", []],
    ["(docs/API.md, main.ts)", "lib/a/b.ts", ["docs/API.md", "main.ts"]],
    ["every tests/fixtures/*.yaml and lib/<name>.ts", "lib/a/b.ts", []],
    ["`./tools/sequencer.ts` and ../c.ts.", "lib/core/session.ts", [
      "lib/core/tools/sequencer.ts",
      "lib/c.ts",
    ]],
    ["sublib/x.ts, lib/x.tsx, config.json.example", "main.ts", ["config.json.example"]],
  ];
  for (const [comment, file, expected] of paths) {
    assert.deepEqual(pathsIn(comment, file), expected, comment);
  }

  const cites = (line: string) => outsideCitations("lib/x.ts", line).length === 1;
  assert.ok(cites(`// Filters (${"spec"}/observation.md §11).`));
  assert.ok(cites(`// epoch seconds (${"conflicts"}.md Q15)`));
  assert.ok(cites(`// see ${".."}/shared/x.ts`));
  assert.ok(!cites("// see docs/DECISIONS.md and RFC 9112 §6.3"));
  assert.ok(!cites("const s = respec/x.md;"));
  assert.ok(!OUTSIDE_CITATION.test(OUTSIDE_CITATION.source), "the pattern matches its own text");
  const openapi = (line: string) => outsideCitations("tests/openapi_test.ts", line).length;
  assert.equal(openapi(`  assert.ok(!generated.includes("${".."}/shared"));`), 0);
  assert.equal(openapi(`// see ${".."}/shared/x.ts`), 1);
});

Deno.test("no source cites a document kept outside the repository", () => {
  const files = allSources();
  assert.ok(files.length > 400, `only ${files.length} files found`);
  const found = files.flatMap((f) => outsideCitations(f, Deno.readTextFileSync(join(ROOT, f))));
  assert.deepEqual(found, []);
  for (const [file, line] of Object.entries(CHECKS)) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    assert.ok(
      text.split("\n").some((l) => OUTSIDE_CITATION.test(l) && line.test(l)),
      `${file}: stale`,
    );
  }
});

Deno.test("every repository path a comment names exists", () => {
  const missing: string[] = [];
  let named = 0;
  for (const file of allSources()) {
    const comments = commentText(Deno.readTextFileSync(join(ROOT, file)), syntaxOf(file));
    for (const { line, text } of comments) {
      for (const path of pathsIn(text, file)) {
        named++;
        if (!exists(path)) missing.push(`${file}:${line}: ${path}`);
      }
    }
  }
  assert.ok(named > 50, `only ${named} paths named in comments`);
  assert.deepEqual(missing, []);
});
