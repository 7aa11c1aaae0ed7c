import { strict as assert } from "node:assert";
import { defaultConfig, loadConfig, mergeAndValidate } from "./config.ts";

const EXAMPLE = new URL("../../../config.json.example", import.meta.url).pathname;

async function inTemp<T>(fn: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir();
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("built-in defaults follow the seed contract (72×24, ASCII, loopback)", () => {
  const c = defaultConfig();
  assert.equal(c.web_ui.host, "127.0.0.1");
  assert.equal(c.web_ui.port, 5001);
  assert.deepEqual(c.web_ui.cors_origins, []);
  assert.equal(c.ascii_sketch.grid_width, 72);
  assert.equal(c.ascii_sketch.grid_height, 24);
  assert.equal(c.ascii_sketch.unicode_box, false);
  assert.equal(c.tree.max_depth, 64);
  assert.equal(c.tree.default_depth, 5);
  assert.equal(c.tree.cache_ttl_s, 2.0);
  assert.equal(c.mcp.server_name, "os-screen-observer");
  assert.equal(c.mcp.version, "0.1.0");
  assert.equal(c.vlm.enabled, false);
  assert.equal(c.mock, false);
  assert.equal(c.platform, "auto");
});

Deno.test("merge is one level deep and ignores _documentation keys", () => {
  const { config, problems } = mergeAndValidate({
    _comment: "doc",
    web_ui: { port: 6000, _note: "doc" },
    ascii_sketch: { unicode_box: true },
    mock: true,
  });
  assert.deepEqual(problems, []);
  assert.equal(config.web_ui.port, 6000);
  assert.equal(config.web_ui.host, "127.0.0.1", "siblings keep their defaults");
  assert.equal(config.ascii_sketch.unicode_box, true);
  assert.equal(config.ascii_sketch.grid_width, 72);
  assert.equal(config.mock, true);
});

const INVALID: Array<[string, unknown, string]> = [
  ["port as text", { web_ui: { port: "80a" } }, "web_ui.port"],
  ["port out of range", { web_ui: { port: 70000 } }, "web_ui.port"],
  ["grid too small", { ascii_sketch: { grid_width: 2 } }, "ascii_sketch.grid_width"],
  ["negative depth", { tree: { max_depth: -1 } }, "tree.max_depth"],
  ["mock not boolean", { mock: "yes" }, "mock"],
  ["bad log level", { logging: { level: "LOUD" } }, "logging.level"],
  ["cors not a list", { web_ui: { cors_origins: "*" } }, "web_ui.cors_origins"],
];

for (const [name, raw, path] of INVALID) {
  Deno.test(`invalid config section falls back to defaults: ${name}`, () => {
    const { config, problems } = mergeAndValidate(raw);
    assert.equal(problems.length, 1, problems.join("; "));
    assert.ok(problems[0].startsWith(path), problems[0]);
    assert.deepEqual(config, { ...defaultConfig() });
  });
}

Deno.test("a top level that is not an object is reported, defaults used", () => {
  for (const raw of [[], 3, "x", null]) {
    const { config, problems } = mergeAndValidate(raw);
    assert.equal(problems.length, 1);
    assert.deepEqual(config, defaultConfig());
  }
});

Deno.test("missing config is bootstrapped from the example next to it", () =>
  inTemp(async (dir) => {
    await Deno.copyFile(EXAMPLE, `${dir}/config.json.example`);
    const loaded = loadConfig(`${dir}/config.json`);
    assert.equal(loaded.error, null);
    assert.equal(loaded.bootstrappedFrom, `${dir}/config.json.example`);
    assert.equal(loaded.config.ascii_sketch.grid_width, 110);
    assert.equal(loaded.config.ascii_sketch.unicode_box, true);
    assert.equal(loaded.config.vlm.enabled, true);
    assert.equal(loaded.config.vlm.mode, "multipass");
    assert.ok(Deno.statSync(`${dir}/config.json`).isFile);
  }));

Deno.test("missing config with no example anywhere near → program's example", () =>
  inTemp((dir) => {
    const loaded = loadConfig(`${dir}/nested.json`);
    assert.equal(loaded.bootstrappedFrom, EXAMPLE);
    assert.equal(loaded.error, null);
  }));

Deno.test("unreadable config path reports an error and uses defaults", () =>
  inTemp((dir) => {
    const loaded = loadConfig(`${dir}/no/such/dir/config.json`);
    assert.match(loaded.error!, /Config not found at '.*config\.json'; using built-in defaults/);
    assert.deepEqual(loaded.config, defaultConfig());
  }));

Deno.test("JSON syntax error → defaults and a parse error with the backslash hint", () =>
  inTemp(async (dir) => {
    const path = `${dir}/config.json`;
    await Deno.writeTextFile(path, '{"ocr": {"tesseract_cmd": "C:\\Program Files\\x"}');
    const loaded = loadConfig(path);
    assert.match(loaded.error!, /^config\.json parse error: /);
    assert.match(loaded.error!, /backslashes/);
    assert.deepEqual(loaded.config, defaultConfig());
  }));

Deno.test("a config that is a directory is an error, not a crash", () =>
  inTemp(async (dir) => {
    await Deno.mkdir(`${dir}/config.json`);
    const loaded = loadConfig(`${dir}/config.json`);
    assert.ok(loaded.error);
    assert.deepEqual(loaded.config, defaultConfig());
  }));

Deno.test("the shipped example has the expected values", () => {
  const { config, problems } = mergeAndValidate(JSON.parse(Deno.readTextFileSync(EXAMPLE)));
  assert.deepEqual(problems, []);
  assert.equal(config.ascii_sketch.grid_height, 38);
  assert.equal(config.vlm.base_url, "http://localhost:11434");
  assert.equal(config.ocr.tesseract_cmd, "c:\\Program Files\\Tesseract-OCR\\tesseract.exe");
});
