// The HTML report of a trace (lib/formats/trace/report) and the trace CLI: pure
// pieces by tables, the report on a hand-written fixture trace, the report
// in real headless Chromium (offline, untrusted text shown as text), and
// `lib/interfaces/cli/trace.ts` run as a subprocess.

import { strict as assert } from "node:assert";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { fromBase64, toBase64 } from "../../../model/base64.ts";
import { escapeHtml } from "./html_text.ts";
import { NOT_STOPPED } from "./header_section.ts";
import { pngSize } from "../../image/pixel_size.ts";
import { resultFacts } from "./result_facts.ts";
import { formatDuration, traceTimeMs } from "./trace_time.ts";
import { readTraceFolder, renderHtmlReport, TraceFolderProblem, writeHtmlReport } from "./index.ts";
import { parseTrace } from "../parse.ts";
import { pngOf } from "../../../../tests/helpers/png_bytes.ts";
import { commandExists, partAvailable } from "../../../../tests/helpers/parts.ts";
import { FIXTURE, fixtureCopy, runCli } from "../../../../tests/helpers/trace_fixture.ts";

const HOSTILE_TEXT = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
const FIXTURE_TOOLS = [
  "list_windows",
  "click_element",
  "type_text",
  "observe_window",
  "press_key",
  "click_at",
];

/** The sections of the report, by their opening tag: `<section class="step" ...>` … `</section>`. */
function sections(html: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const m of html.matchAll(/<section class="step" id="step-(\d+)"[\s\S]*?<\/section>/g)) {
    found.set(Number(m[1]), m[0]);
  }
  return found;
}

// ---------------------------------------------------------------- pure pieces

const ESCAPES: Array<[string, string]> = [
  ["plain text", "plain text"],
  ["<script>", "&lt;script&gt;"],
  [`a "quoted" 'word'`, "a &quot;quoted&quot; &#39;word&#39;"],
  ["&lt; stays text", "&amp;lt; stays text"],
  [
    HOSTILE_TEXT,
    HOSTILE_TEXT.replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;"),
  ],
];

for (const [text, expected] of ESCAPES) {
  Deno.test(`escapeHtml ${JSON.stringify(text)}`, () => {
    assert.equal(escapeHtml(text), expected);
  });
}

Deno.test("pngSize reads IHDR; anything else is null", () => {
  const png = pngOf({ width: 1920, height: 1080, colorType: 6 }, []);
  assert.deepEqual(pngSize(png), { width: 1920, height: 1080 });
  assert.equal(pngSize(png.subarray(0, 20)), null, "cut short");
  assert.equal(pngSize(new TextEncoder().encode("GIF89a...........................")), null);
  const wrongChunk = png.slice();
  wrongChunk.set(new TextEncoder().encode("IDAT"), 12);
  assert.equal(pngSize(wrongChunk), null, "first chunk is not IHDR");
  assert.equal(pngSize(pngOf({ width: 0, height: 5, colorType: 6 }, [])), null, "zero width");
});

Deno.test("toBase64 and fromBase64 match node's codec, and round-trip", () => {
  const sizes = [0, 1, 2, 3, 4, 0x8000 - 1, 0x8000, 0x8000 * 2 + 5];
  for (const size of sizes) {
    const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 131 + 7) & 0xff);
    assert.equal(toBase64(bytes), Buffer.from(bytes).toString("base64"), `${size} bytes`);
    assert.deepEqual(fromBase64(toBase64(bytes)), bytes);
  }
});

const DURATIONS: Array<[number, string]> = [
  [0, "0 ms"],
  [999, "999 ms"],
  [1000, "1.0 s"],
  [12_340, "12.3 s"],
  [65_000, "1 min 05 s"],
  [3_725_000, "1 h 02 min"],
];

for (const [ms, text] of DURATIONS) {
  Deno.test(`formatDuration ${ms} → ${text}`, () => assert.equal(formatDuration(ms), text));
}

Deno.test("traceTimeMs reads trace times with microseconds and offsets, else null", () => {
  assert.equal(
    traceTimeMs("2026-11-24T10:00:00.123000+00:00"),
    Date.UTC(2026, 10, 24, 10, 0, 0, 123),
  );
  assert.equal(traceTimeMs("2026-11-24T12:00:00.000000+02:00"), Date.UTC(2026, 10, 24, 10));
  assert.equal(traceTimeMs("yesterday"), null);
  assert.equal(traceTimeMs("2026-13-45T99:00:00+00:00"), null);
});

const FACTS: Array<[string, Record<string, unknown>, Partial<ReturnType<typeof resultFacts>>]> = [
  ["ok with a target", {
    ok: true,
    changed: true,
    target: { selector: "Edit", window_uid: "w", bounds: { x: 1, y: 2, width: 3, height: 4 } },
    new_dialogs: ["Save As", null],
  }, {
    ok: true,
    errorCode: null,
    changed: true,
    selector: "Edit",
    bounds: { x: 1, y: 2, width: 3, height: 4 },
    newDialogs: ["Save As", null],
  }],
  ["an error without ok", { error: { code: "WindowGone" } }, {
    ok: false,
    errorCode: "WindowGone",
  }],
  ["an error without a code", { ok: false, error: {} }, { ok: false, errorCode: "Internal" }],
  ["nothing said", {}, { ok: null, errorCode: null, changed: null, selector: null, bounds: null }],
  ["bounds of the wrong shape", { target: { selector: 3, bounds: { x: "1", y: 2 } } }, {
    selector: null,
    bounds: null,
  }],
];

for (const [name, summary, expected] of FACTS) {
  Deno.test(`resultFacts: ${name}`, () => {
    const facts = resultFacts(summary);
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual(facts[key as keyof typeof facts], value, key);
    }
  });
}

// ---------------------------------------------------------------- the report as HTML

Deno.test("the fixture's report: header, one section per step in order, hostile text escaped", async () => {
  const folder = await readTraceFolder(FIXTURE);
  const html = renderHtmlReport(folder.trace, folder.screenshots);
  const steps = sections(html);
  assert.deepEqual([...steps.keys()], [1, 2, 3, 4, 5, 6]);
  const tools = [
    ...html.matchAll(/<section class="step" id="step-\d+" data-seq="\d+" data-tool="([^"]*)"/g),
  ]
    .map((m) => m[1]);
  assert.deepEqual(tools, FIXTURE_TOOLS);
  assert.match(html, /trace-0a1b2c3d/);
  assert.match(html, /Save a note &lt;i&gt;with markup&lt;\/i&gt;/);
  assert.match(html, /2026-11-24T10:00:05\.400000\+00:00/, "stopped at");
  assert.match(html, /<dt>duration<\/dt><dd>5\.4 s<\/dd>/);
  assert.ok(!html.includes(HOSTILE_TEXT), "the hostile argument is never markup");
  assert.ok(!html.includes("<i>with markup"), "the label is never markup");
  assert.match(steps.get(3)!, /&lt;script&gt;window\.__pwned=1&lt;\/script&gt;/);
  assert.equal([...html.matchAll(/<script/gi)].length, 0, "no script element at all");
  assert.ok(!/(src|href)="(https?:|\/\/)/i.test(html), "no external reference");
});

Deno.test("a step shows its result, tree hashes, target and new dialogs", async () => {
  const folder = await readTraceFolder(FIXTURE);
  const steps = sections(renderHtmlReport(folder.trace, folder.screenshots));
  const click = steps.get(2)!;
  assert.match(click, /data-ok="true"/);
  assert.match(click, /<span class="badge ok">ok<\/span>/);
  assert.match(click, /<code>h-aaaa<\/code> → <code>h-bbbb<\/code> <span class="changed">changed/);
  assert.match(click, /<dt>target<\/dt><dd><code>Button\[name=&quot;OK&quot;\]<\/code>/);
  assert.match(click, /<dt>new dialogs<\/dt><dd><code>Save As<\/code>/);
  const failed = steps.get(5)!;
  assert.match(failed, /data-ok="false"/);
  assert.match(failed, /<span class="badge error">error WindowGone<\/span>/);
  assert.match(
    steps.get(1)!,
    /<code>h-aaaa<\/code> → <code>h-aaaa<\/code> <span class="unchanged">/,
  );
});

Deno.test("screenshots are inline PNGs; the target box is placed in percent of the picture", async () => {
  const folder = await readTraceFolder(FIXTURE);
  const steps = sections(renderHtmlReport(folder.trace, folder.screenshots));
  const images = (section: string) =>
    [...section.matchAll(/<img src="data:image\/png;base64,/g)].length;
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => images(steps.get(n)!)), [2, 1, 0, 1, 0, 0]);
  // Bounds 40,60 100×30 on a 320×200 screenshot.
  assert.match(
    steps.get(2)!,
    /class="target-box"[^>]*style="left:12\.5000%;top:30\.0000%;width:31\.2500%;height:15\.0000%"/,
  );
  assert.ok(!steps.get(1)!.includes("target-box"), "no target, no box");
  assert.match(
    steps.get(6)!,
    /screenshot missing \(<code>screenshots\/step-00006-full\.png<\/code>\)/,
  );
});

Deno.test("a trace without a footer says it was not stopped", () => {
  const text = [
    { type: "header", trace_id: "trace-00000001", started_at: "2026-11-24T10:00:00.000000+00:00" },
    row(1, "hover_at", { x: 5, y: 5 }, { ok: true }, "2026-11-24T10:00:02.000000+00:00", 500),
  ].map((l) => JSON.stringify(l)).join("\n") + "\n";
  const html = renderHtmlReport(parseTrace(text), new Map());
  assert.ok(html.includes(NOT_STOPPED));
  assert.match(html, /at least 2\.5 s/);
  assert.equal(sections(html).size, 1);
});

Deno.test("a box partly off the picture is clipped; one wholly off is only mentioned", () => {
  const png = pngOf({ width: 100, height: 50, colorType: 6 }, []);
  const trace = parseTrace(
    [
      { type: "header", trace_id: "trace-00000002", started_at: "2026-11-24T10:00:00+00:00" },
      row(
        1,
        "click_element",
        {},
        { ok: true, target: { selector: "A", bounds: { x: -10, y: 40, width: 30, height: 20 } } },
        undefined,
        1,
        "full",
      ),
      row(
        2,
        "click_element",
        {},
        { ok: true, target: { selector: "B", bounds: { x: 500, y: 0, width: 5, height: 5 } } },
        undefined,
        1,
        "full",
      ),
    ].map((l) => JSON.stringify(l)).join("\n") + "\n",
  );
  const shots = new Map([
    ["screenshots/step-00001-full.png", png],
    ["screenshots/step-00002-full.png", png],
  ]);
  const steps = sections(renderHtmlReport(trace, shots));
  assert.match(
    steps.get(1)!,
    /style="left:0\.0000%;top:80\.0000%;width:20\.0000%;height:20\.0000%"/,
  );
  assert.ok(!steps.get(2)!.includes("target-box"));
  assert.match(steps.get(2)!, /lies outside the screenshot/);
});

Deno.test("bytes that are no PNG are reported, not embedded", () => {
  const trace = parseTrace(
    [
      { type: "header", trace_id: "trace-00000003", started_at: "2026-11-24T10:00:00+00:00" },
      row(1, "list_windows", {}, { ok: true }, undefined, 1, "full"),
    ].map((l) => JSON.stringify(l)).join("\n") + "\n",
  );
  const html = renderHtmlReport(
    trace,
    new Map([["screenshots/step-00001-full.png", new Uint8Array([1, 2, 3])]]),
  );
  assert.match(html, /not a readable PNG/);
  assert.ok(!html.includes("data:image/png"));
});

function row(
  seq: number,
  tool: string,
  args: Record<string, unknown>,
  result: Record<string, unknown>,
  ts = "2026-11-24T10:00:01.000000+00:00",
  durationMs = 1,
  screenshot?: "full",
) {
  return {
    step_id: seq,
    trace_seq: seq,
    ts,
    caller: "rest",
    tool,
    args,
    result_summary: result,
    tree_hash_before: "a",
    tree_hash_after: "b",
    duration_ms: durationMs,
    ...(screenshot
      ? { screenshot_full_ref: `screenshots/step-${String(seq).padStart(5, "0")}-full.png` }
      : {}),
  };
}

// ---------------------------------------------------------------- reading trace folders

Deno.test("readTraceFolder: a folder or its trace.jsonl; missing screenshots are absent", async () => {
  for (const path of [FIXTURE, join(FIXTURE, "trace.jsonl")]) {
    const folder = await readTraceFolder(path);
    assert.equal(folder.trace.rows.length, 6);
    assert.deepEqual([...folder.screenshots.keys()].sort(), [
      "screenshots/step-00001-full.png",
      "screenshots/step-00001-window.png",
      "screenshots/step-00002-full.png",
      "screenshots/step-00004-full.png",
    ]);
  }
});

Deno.test("readTraceFolder: problems name the file and the line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-trace-bad-" });
  const missing = join(dir, "nope");
  await assert.rejects(readTraceFolder(missing), (e: unknown) => {
    assert.ok(e instanceof TraceFolderProblem);
    assert.equal(e.line, 0);
    assert.equal(e.message, `${join(missing, "trace.jsonl")}: no such trace file`);
    return true;
  });
  const lines = (await Deno.readTextFile(join(FIXTURE, "trace.jsonl"))).split("\n");
  lines[2] = lines[2].slice(0, 40);
  await Deno.writeTextFile(join(dir, "trace.jsonl"), lines.join("\n"));
  await assert.rejects(readTraceFolder(dir), (e: unknown) => {
    assert.ok(e instanceof TraceFolderProblem);
    assert.equal(e.line, 3);
    assert.ok(e.message.startsWith(`${join(dir, "trace.jsonl")}:3: line 3 is not JSON`), e.message);
    return true;
  });
  await Deno.writeFile(join(dir, "trace.jsonl"), new Uint8Array([0xff, 0xfe, 0x0a]));
  await assert.rejects(readTraceFolder(dir), /trace\.jsonl: is not UTF-8 text/);
});

Deno.test("writeHtmlReport writes report.html in the trace folder unless told otherwise", async () => {
  const dir = await fixtureCopy();
  const path = await writeHtmlReport(dir);
  assert.equal(path, join(dir, "report.html"));
  assert.equal(sections(await Deno.readTextFile(path)).size, 6);
  const elsewhere = join(dir, "..", "elsewhere.html");
  assert.equal(await writeHtmlReport(join(dir, "trace.jsonl"), elsewhere), elsewhere);
  assert.equal(sections(await Deno.readTextFile(elsewhere)).size, 6);
});

// ---------------------------------------------------------------- in a real browser

const CHROMIUM = partAvailable("Chromium", commandExists("chromium"), "apt-get install chromium");

Deno.test({
  name: "in headless Chromium the report loads nothing, runs nothing and shows every step",
  ignore: !CHROMIUM,
  async fn() {
    const dir = await fixtureCopy();
    const reportUrl = `file://${await writeHtmlReport(dir)}`;
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox"],
    });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      const routed: string[] = [];
      page.on("request", (r) => {
        if (r.url() !== reportUrl) requested.push(r.url());
      });
      await page.route("**", (route) => {
        const url = route.request().url();
        if (url === reportUrl) return route.continue();
        routed.push(url);
        return route.abort();
      });
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        d.dismiss();
      });
      await page.goto(reportUrl, { waitUntil: "load" });

      assert.equal(await page.locator("section.step").count(), 6);
      const tools = await page.locator("section.step").evaluateAll((els) =>
        els.map((e) => e.getAttribute("data-tool"))
      );
      assert.deepEqual(tools, FIXTURE_TOOLS);
      for (const tool of FIXTURE_TOOLS) {
        assert.equal(
          await page.locator(`section.step[data-tool="${tool}"] h2 code.tool`).innerText(),
          tool,
        );
      }

      // Every screenshot decoded: four PNGs in the fixture, one file missing.
      const images = await page.locator("section.step img").evaluateAll((els) =>
        els.map((e) => {
          // No DOM types in Deno's checker: the fields read from the image element.
          const img = e as unknown as { complete: boolean; naturalWidth: number };
          return {
            step: e.closest("section")?.getAttribute("id"),
            complete: img.complete,
            width: img.naturalWidth,
          };
        })
      );
      assert.deepEqual(images.map((i) => i.step), ["step-1", "step-1", "step-2", "step-4"]);
      assert.ok(images.every((i) => i.complete && i.width > 0), JSON.stringify(images));
      assert.match(await page.locator("#step-6").innerText(), /screenshot missing/);

      // The target box sits over the button: 40,60 100×30 of the 320×200 screenshot.
      const box = await page.locator("#step-2 .target-box").boundingBox();
      const img = await page.locator("#step-2 img").boundingBox();
      assert.ok(box && img);
      const near = (a: number, b: number) => Math.abs(a - b) < 0.02;
      assert.ok(near((box.x - img.x) / img.width, 40 / 320), `left ${(box.x - img.x) / img.width}`);
      assert.ok(
        near((box.y - img.y) / img.height, 60 / 200),
        `top ${(box.y - img.y) / img.height}`,
      );
      assert.ok(near(box.width / img.width, 100 / 320), `width ${box.width / img.width}`);
      assert.ok(near(box.height / img.height, 30 / 200), `height ${box.height / img.height}`);

      // The hostile argument is text on the page, and nothing of it ran.
      assert.ok(
        (await page.locator("#step-3 pre.args").innerText()).includes(
          HOSTILE_TEXT.replaceAll('"', '\\"'),
        ),
      );
      assert.equal(
        await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
        undefined,
      );
      assert.equal(await page.locator("script").count(), 0);
      assert.equal(await page.locator("[onerror]").count(), 0);
      assert.match(
        await page.locator("header.trace h1").innerText(),
        /Save a note <i>with markup<\/i>/,
      );
      assert.deepEqual(dialogs, []);

      assert.deepEqual(requested, [], "requests besides the report itself");
      assert.deepEqual(routed, [], "routed requests besides the report itself");
    } finally {
      await browser.close();
    }
  },
});

// ---------------------------------------------------------------- the CLI, as a subprocess

Deno.test("cli report: writes the report and prints its path", async () => {
  const dir = await fixtureCopy();
  const run = await runCli("report", dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), join(dir, "report.html"));
  assert.equal(sections(await Deno.readTextFile(join(dir, "report.html"))).size, 6);
  const out = join(dir, "..", "custom.html");
  const custom = await runCli("report", join(dir, "trace.jsonl"), "--out", out);
  assert.equal(custom.code, 0, custom.stderr);
  assert.equal(custom.stdout.trim(), out);
  assert.ok((await Deno.stat(out)).size > 0);
});

Deno.test("cli report: a broken trace is one line naming file and line, exit code 2", async () => {
  const dir = await fixtureCopy();
  const file = join(dir, "trace.jsonl");
  const lines = (await Deno.readTextFile(file)).split("\n");
  lines.splice(3, 1); // step 3 removed: step 4 is out of order
  await Deno.writeTextFile(file, lines.join("\n"));
  const run = await runCli("report", dir);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, "");
  const message = run.stderr.trimEnd();
  assert.equal(message.split("\n").length, 1, message);
  assert.ok(
    message.startsWith(`error: ${file}:4: line 4 has trace_seq 4 where 3 was expected`),
    message,
  );
  assert.ok(!/\bat .*\.ts:\d+/.test(message), "no stack trace");
});

Deno.test("cli: no such folder, and bad arguments, exit 2 without a stack trace", async () => {
  const missing = join(await Deno.makeTempDir(), "no-trace-here");
  const run = await runCli("report", missing);
  assert.equal(run.code, 2);
  assert.equal(run.stderr.trim(), `error: ${join(missing, "trace.jsonl")}: no such trace file`);
  for (
    const args of [[], ["publish", FIXTURE], ["report"], ["report", FIXTURE, "--out"], [
      "report",
      FIXTURE,
      "--frob",
    ]]
  ) {
    const bad = await runCli(...args);
    assert.equal(bad.code, 2, args.join(" "));
    assert.match(bad.stderr, /usage: cli\.ts report/);
  }
});
