// Client regexes run in linear time: the patterns an outside fuzz used to freeze the service
// (nested quantifiers on V8's backtracking engine) finish quickly, constructs the linear-time
// engine cannot run are refused by name, and over HTTP and MCP the service keeps answering.

import { strict as assert } from "node:assert";
import { ToolError } from "../lib/model/errors.ts";
import { ClientRegex, compileClientRegex } from "../lib/formats/regex/compile.ts";
import { evaluatePredicates } from "../lib/services/scenario/predicates/evaluate.ts";
import type { ObservedDesktop } from "../lib/services/scenario/predicates/types.ts";
import { parseScenario } from "../lib/formats/scenario/load.ts";
import { ScenarioInvalidError } from "../lib/formats/scenario/problem.ts";
import { compileFilter } from "../lib/formats/structure/query.ts";
import { TokenStore } from "../lib/services/observe/tree_tokens.ts";
import { assignIds, element } from "../lib/model/tree.ts";
import { type PollView, prepareCheck } from "../lib/services/wait/conditions.ts";
import type { ListedWindow } from "../lib/formats/geometry/window_order.ts";
import { getJson, type JsonResponse } from "./helpers/http.ts";
import { connectSdkClient, resultJson } from "./helpers/mcp.ts";
import { api, type Body, errorCode, q } from "./helpers/observe_api.ts";
import { startService } from "./helpers/service.ts";

const LONG = "a".repeat(50_000);
const MATCH_BUDGET_MS = 200;
/** A whole request to a spawned service on a shared machine; the old engine took 11–40 s. */
const REQUEST_BUDGET_MS = 3000;

const PATHOLOGICAL = [
  "(.*)*Z",
  "((.)+)+Z",
  "(a+)+$",
  "(a|a)*Z",
  "(a|aa)+b",
  "(x+x+)+y",
  "^(\\w+\\s?)*$",
  "(.*a){20}Z",
  "([a-z]+)*[0-9]",
  "(?i)(a*)*[^a]",
];

function timed<T>(fn: () => T): [T, number] {
  const started = performance.now();
  const value = fn();
  return [value, performance.now() - started];
}

function compiled(pattern: string): ClientRegex {
  const re = compileClientRegex(pattern);
  assert.ok(re instanceof ClientRegex, `${pattern}: ${JSON.stringify(re)}`);
  return re;
}

for (const pattern of PATHOLOGICAL) {
  Deno.test(`${pattern} on 50,000 characters takes under ${MATCH_BUDGET_MS} ms`, () => {
    for (const subject of [LONG, `${LONG}!`, `${LONG}\n`]) {
      const [, searchMs] = timed(() => compiled(pattern).search(subject));
      const [, fullMs] = timed(() => compiled(pattern).fullMatch(subject));
      assert.ok(searchMs < MATCH_BUDGET_MS, `search ${searchMs.toFixed(1)} ms`);
      assert.ok(fullMs < MATCH_BUDGET_MS, `fullmatch ${fullMs.toFixed(1)} ms`);
    }
  });
}

// Valid Python the linear-time engine cannot run: [pattern, construct named in the error].
const UNSUPPORTED: Array<[string, string]> = [
  ["a(?=b)", "lookahead (?=…)"],
  ["a(?!b)", "negative lookahead (?!…)"],
  ["(?<=a)b", "lookbehind (?<=…)"],
  ["(?<!a)b", "negative lookbehind (?<!…)"],
  ["(a)\\1", "backreference \\1"],
  ["(?P<w>a)(?P=w)", "backreference (?P=name)"],
  ["a*+", "possessive quantifier"],
  ["a{2,3}+", "possessive quantifier"],
  ["(?>a+)b", "atomic group (?>…)"],
  ["(a)?(?(1)b|c)", "conditional (?(…)…)"],
  ["(?x) a b", "verbose flag (?x)"],
  ["(?a)\\w", "ASCII flag (?a)"],
  ["\\N{EM DASH}", "named character \\N{…}"],
  ["a$\\n", "$ followed by more pattern (outside (?m))"],
  ["a{1001}", "repetition count above 1000"],
  ["(?:a{100}){100}", "nested repetition counts multiplying past 1000"],
  ["[ab]{0,600}[bc]", "pattern compiling to over 1000 instructions"],
  ["a".repeat(1200), "pattern compiling to over 1000 instructions"],
  ["(".repeat(2000) + ")".repeat(2000), "nesting deeper than 100 groups"],
];

for (const [pattern, construct] of UNSUPPORTED) {
  Deno.test(`${JSON.stringify(pattern).slice(0, 40)} is refused naming ${construct}`, () => {
    const problem = compileClientRegex(pattern);
    assert.ok(!(problem instanceof ClientRegex));
    assert.equal(problem.kind, "unsupported");
    assert.equal(problem.kind === "unsupported" && problem.construct, construct);
    assert.ok(
      problem.message.startsWith(
        `${construct} is not supported: patterns run on a linear-time engine`,
      ),
      problem.message,
    );
  });
}

for (const pattern of ["(", "[a", "a**", "\\q", "a{3,1}", "(?P<1>a)", "(?Q)"]) {
  Deno.test(`${JSON.stringify(pattern)} is refused as invalid`, () => {
    const problem = compileClientRegex(pattern);
    assert.ok(!(problem instanceof ClientRegex));
    assert.equal(problem.kind, "invalid");
  });
}

Deno.test("patterns longer than the limit are refused; the default limit is 4096", () => {
  assert.ok(compileClientRegex("a".repeat(10), 10) instanceof ClientRegex);
  const refused = compileClientRegex("a".repeat(11), 10);
  assert.ok(!(refused instanceof ClientRegex));
  assert.equal(refused.message, "pattern is longer than 10 characters (limits.regex_length)");
  const set = (n: number) => `[${"a".repeat(n - 2)}]`; // one instruction however long
  assert.ok(compileClientRegex(set(4096)) instanceof ClientRegex);
  assert.ok(!(compileClientRegex(set(4097)) instanceof ClientRegex));
  // Code points, not UTF-16 units.
  assert.ok(compileClientRegex("😀".repeat(10), 10) instanceof ClientRegex);
});

Deno.test("a compiled pattern is reused from the cache", () => {
  assert.equal(compileClientRegex("(?i)cache me"), compileClientRegex("(?i)cache me"));
});

// Request paths: each refuses up front with the pattern and the construct in the context.

const WINDOW: ListedWindow = {
  index: 0,
  handle: "1",
  title: LONG,
  process: "app",
  pid: 1,
  bounds: { x: 0, y: 0, width: 200, height: 100 },
  focused: true,
  window_uid: "w:long",
};
const TREE = assignIds(element("Window", LONG, [0, 0, 200, 100], {}, [
  element("Edit", "Field", [10, 10, 100, 20], { value: LONG }),
]));
const DESKTOP: ObservedDesktop = {
  windows: () => Promise.resolve([WINDOW]),
  tree: () => Promise.resolve({ tree: TREE, hash: "h" }),
  screenshot: () => Promise.resolve(null),
  readImage: () => Promise.reject(new Error("no images")),
};
const VIEW: PollView = {
  windows: () => Promise.resolve([WINDOW]),
  capture: () => Promise.resolve({ tree: TREE, hash: "h" }),
  target: () => Promise.resolve(WINDOW),
};

function isBadRequest(context: Record<string, unknown>) {
  return (e: unknown) => {
    assert.ok(e instanceof ToolError, String(e));
    assert.equal(e.code, "BadRequest");
    for (const [key, value] of Object.entries(context)) assert.equal(e.context[key], value, key);
    return true;
  };
}

Deno.test("structure name_regex: refused with the construct; the limit is a parameter", async () => {
  const regions = () => Promise.resolve([]);
  await assert.rejects(
    () => compileFilter({ name_regex: "a(?=b)" }, regions),
    isBadRequest({ name_regex: "a(?=b)", regex: "a(?=b)", construct: "lookahead (?=…)" }),
  );
  await assert.rejects(() => compileFilter({ name_regex: "abcdef" }, regions, 5), isBadRequest({}));
  const filter = await compileFilter({ name_regex: "(.*)*Z" }, regions);
  assert.equal(filter.nameRegex?.search(LONG), false);
});

Deno.test("wait conditions: refused before waiting, naming the construct", () => {
  const prepare = (condition: unknown, regexLength?: number) =>
    prepareCheck(condition, 2, VIEW, new TokenStore(), regexLength);
  assert.throws(
    () => prepare({ type: "window_appears", title_regex: "(?<=a)b" }),
    isBadRequest({ index: 2, regex: "(?<=a)b", construct: "lookbehind (?<=…)" }),
  );
  assert.throws(
    () => prepare({ type: "text_visible", regex: "abcdef" }, 5),
    isBadRequest({ index: 2, regex: "abcdef" }),
  );
  assert.throws(
    () => prepare({ type: "element_appears", selector: '//*[name~="a(?=b)"]' }),
    isBadRequest({ index: 2 }),
  );
});

Deno.test("wait conditions: nested quantifiers over 50,000 characters poll quickly", async () => {
  for (
    const condition of [
      { type: "window_appears", title_regex: "(.*)*Z" },
      { type: "text_visible", regex: "((.)+)+Z" },
      { type: "element_appears", selector: '//*[value~="(.*)*Z"]' },
    ]
  ) {
    const check = await prepareCheck(condition, 0, VIEW, new TokenStore());
    const started = performance.now();
    assert.equal(await check(VIEW), null);
    assert.ok(performance.now() - started < MATCH_BUDGET_MS * 3, JSON.stringify(condition));
  }
});

Deno.test("assert_state predicates: quick on long text; unsupported reads like invalid", async () => {
  const started = performance.now();
  const [long, window, selector, unsupported] = await evaluatePredicates([
    { kind: "text_visible", regex: "((.)+)+Z", mode: "tree" },
    { kind: "window_exists", title_regex: "(.*)*Z" },
    { kind: "element_exists", selector: '//*[value~="((.)+)+Z"]' },
    { kind: "window_focused", title_regex: "a(?=b)" },
  ], DESKTOP);
  assert.ok(performance.now() - started < MATCH_BUDGET_MS * 4);
  assert.deepEqual([long.passed, long.observed], [false, "no match"]);
  assert.deepEqual([window.passed, window.observed], [false, "no matching window"]);
  assert.deepEqual([selector.passed, selector.observed], [false, { count: 0, first_id: null }]);
  assert.equal(unsupported.passed, false);
  assert.equal(
    unsupported.observed,
    "error: SyntaxError: unsupported regular expression 'a(?=b)': lookahead (?=…) is not " +
      "supported: patterns run on a linear-time engine (at position 1)",
  );
  const [tooLong] = await evaluatePredicates(
    [{ kind: "value_matches", selector: "Edit", regex: "abcdef" }],
    DESKTOP,
    5,
  );
  assert.equal(
    tooLong.observed,
    "error: SyntaxError: unsupported regular expression 'abcdef': pattern is longer than 5 " +
      "characters (limits.regex_length)",
  );
});

Deno.test("scenario regexes: an unsupported construct makes the file invalid at load", () => {
  const yaml = `states:\n  s: {}\nreactions:\n  - on: {tool: type_text, text_regex: "(?<=a)b"}\n`;
  assert.throws(() => parseScenario(yaml, "bad.yaml"), (e: unknown) => {
    assert.ok(e instanceof ScenarioInvalidError);
    assert.match(e.message, /text_regex: unsupported regular expression '\(\?<=a\)b': lookbehind/);
    return true;
  });
});

// End to end: the fuzz's requests against a spawned mock service.

Deno.test("over HTTP the fuzz's patterns answer quickly and /api/healthz keeps answering", async (t) => {
  const svc = await startService();
  const { get, post } = api(svc);
  /** The request and a health probe sent alongside it; both must answer within budget. */
  const quick = async (request: Promise<JsonResponse>): Promise<JsonResponse> => {
    const started = performance.now();
    const [response, health] = await Promise.all([request, getJson(`${svc.url}/api/healthz`)]);
    const elapsed = performance.now() - started;
    assert.equal(health.status, 200);
    assert.ok(elapsed < REQUEST_BUDGET_MS, `${elapsed.toFixed(0)} ms`);
    return response;
  };
  const context = (r: JsonResponse) => (r.body.error as { context: Body }).context;
  const message = (r: JsonResponse) => (r.body.error as { message: string }).message;
  try {
    await t.step("GET /api/structure name_regex (.*)*Z", async () => {
      const r = await quick(get("/api/structure?window_index=1&name_regex=%28.%2A%29%2AZ"));
      assert.equal(r.status, 200, JSON.stringify(r.body));
    });

    await t.step('find_element //*[name~="(.*)*Z"]', async () => {
      const r = await quick(get(`/api/find_element?selector=${q('//*[name~="(.*)*Z"]')}`));
      assert.equal(r.status, 404);
      assert.equal(errorCode(r), "ElementNotFound");
    });

    await t.step("wait_for window_appears title_regex (.*)*Z times out on time", async () => {
      const r = await quick(post("/api/wait_for", {
        any_of: [{ type: "window_appears", title_regex: "(.*)*Z" }],
        timeout_ms: 300,
      }));
      assert.equal(r.status, 408);
      assert.equal(errorCode(r), "Timeout");
    });

    await t.step("assert_state text_visible ((.)+)+Z", async () => {
      const r = await quick(post("/api/assert_state", {
        predicates: [{ kind: "text_visible", regex: "((.)+)+Z", mode: "tree" }],
      }));
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const [result] = r.body.results as Body[];
      assert.deepEqual([result.passed, result.observed], [false, "no match"]);
    });

    await t.step("a lookahead is a 400 naming it, on every request path", async () => {
      const structure = await quick(get(`/api/structure?name_regex=${q("Note(?=pad)")}`));
      assert.equal(structure.status, 400);
      assert.equal(errorCode(structure), "BadRequest");
      assert.match(message(structure), /lookahead \(\?=…\) is not supported/);
      assert.equal(context(structure).construct, "lookahead (?=…)");
      assert.equal(context(structure).regex, "Note(?=pad)");

      const find = await quick(get(`/api/find_element?selector=${q('//*[name~="(?=x)"]')}`));
      assert.equal(find.status, 400);
      assert.match(message(find), /lookahead \(\?=…\) is not supported/);

      const wait = await quick(post("/api/wait_for", {
        any_of: [{ type: "text_visible", regex: "Note(?=pad)" }],
      }));
      assert.equal(wait.status, 400);
      assert.equal(context(wait).construct, "lookahead (?=…)");
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("over MCP the fuzz's pattern answers quickly and a lookahead is a tool error", async () => {
  const mcp = await connectSdkClient();
  try {
    const started = performance.now();
    const listing = resultJson(
      await mcp.client.callTool({
        name: "get_window_structure",
        arguments: { window_index: 1, name_regex: "(.*)*Z" },
      }),
    );
    assert.equal(listing.ok, true, JSON.stringify(listing));
    assert.ok(performance.now() - started < REQUEST_BUDGET_MS);

    const refused = await mcp.client.callTool({
      name: "get_window_structure",
      arguments: { name_regex: "a(?=b)" },
    });
    assert.equal(refused.isError, true);
    const error = resultJson(refused).error as { code: string; context: Body };
    assert.equal(error.code, "BadRequest");
    assert.equal(error.context.construct, "lookahead (?=…)");
  } finally {
    await mcp.close();
  }
});

Deno.test("limits.regex_length from the config applies on every request path", async (t) => {
  const svc = await startService({ config: { limits: { regex_length: 8 } } });
  const { get, post } = api(svc);
  const nine = "Notepad.*"; // nine characters: one over the limit
  const refusedForLength = (r: JsonResponse) => {
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(
      JSON.stringify(r.body),
      /pattern is longer than 8 characters \(limits\.regex_length\)/,
    );
  };
  try {
    await t.step("within the limit is served", async () => {
      const r = await get(`/api/structure?name_regex=${q("Notepad")}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
    });
    await t.step("structure name_regex", async () => {
      refusedForLength(await get(`/api/structure?name_regex=${q(nine)}`));
    });
    await t.step("find_element and click_element selectors", async () => {
      const selector = `//*[name~="${nine}"]`;
      refusedForLength(await get(`/api/find_element?selector=${q(selector)}`));
      refusedForLength(await post("/api/tool/click_element", { selector, dry_run: true }));
    });
    await t.step("wait_for conditions", async () => {
      refusedForLength(
        await post("/api/wait_for", { any_of: [{ type: "text_visible", regex: nine }] }),
      );
      refusedForLength(
        await post("/api/wait_for", {
          any_of: [{ type: "element_appears", selector: `//*[name~="${nine}"]` }],
        }),
      );
    });
    await t.step("assert_state predicates fail naming the limit", async () => {
      const r = await post("/api/assert_state", {
        predicates: [{ kind: "text_visible", regex: nine, mode: "tree" }],
      });
      assert.match(JSON.stringify(r.body), /longer than 8 characters \(limits\.regex_length\)/);
    });
  } finally {
    await svc.stop();
  }
});
