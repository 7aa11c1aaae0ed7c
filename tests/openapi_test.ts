// GET /api/openapi.json and docs/API.md (issue 11): the document is valid
// OpenAPI 3.1, describes exactly the routes the app serves, accepts the
// tools' example arguments, matches the service's real answers, and
// docs/API.md is what the generator writes now.

import assert from "node:assert/strict";
// Test-only dependencies, pinned here rather than in deno.json (project rule).
// deno-lint-ignore no-import-prefix
import { Validator } from "npm:@seriousme/openapi-schema-validator@2.11.0";
import { Ajv2020 } from "./helpers/ajv.ts";
import { MockAdapter } from "../adapters/mock/index.ts";
import { ERROR_CODES } from "../lib/model/errors.ts";
import { Session } from "../lib/runtime/session.ts";
import { inputSchemaOf } from "../lib/interfaces/mcp/schemas.ts";
import type {
  JsonSchema,
  OpenApiDocument,
  Operation,
  Parameter,
} from "../lib/interfaces/openapi/types.ts";
import { defaultConfig } from "../lib/formats/config/config.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { allowedOverGet } from "../lib/runtime/registry.ts";
import { createApp } from "../routes/app.ts";
import { apiDocument, apiMarkdown } from "../routes/openapi.ts";
import { API_MD } from "../lib/interfaces/cli/docs.ts";
import { getJson, postJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";
import { exampleArgs } from "./helpers/tool_examples.ts";

const VERSION = defaultConfig().mcp.version;

/** Examples for the tools tests/helpers/tool_examples.ts leaves at {} (invalid for some). */
const MORE_EXAMPLES: Record<string, Record<string, unknown>> = {
  snapshot: {},
  snapshot_get: { snapshot_id: "snap:0123456789abcdef" },
  snapshot_diff: { a: "snap:0123456789abcdef", b: "snap:fedcba9876543210", format: "json-patch" },
  snapshot_drop: { snapshot_id: "snap:0123456789abcdef" },
  wait_for: {
    any_of: [{ type: "element_appears", selector: 'MenuItem[name="File"]' }],
    timeout_ms: 0,
  },
  wait_idle: { window_index: 0, quiet_ms: 0, timeout_ms: 200 },
  click_element_and_observe: { window_index: 0, selector: 'MenuItem[name="File"]' },
  type_and_observe: { text: "hi", wait_after_ms: 0 },
  press_key_and_observe: { keys: "end", wait_after_ms: 0 },
  load_scenario: { path: "no/such/scenario.yaml" },
  assert_state: { predicates: [{ kind: "text_visible", regex: "Untitled" }] },
};

function example(tool: string): Record<string, unknown> {
  return MORE_EXAMPLES[tool] ?? exampleArgs(tool);
}
const DOC = apiDocument(VERSION);
const DOC_ID = "urn:oso:openapi";
const METHODS = ["get", "post", "delete"] as const;

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

function operations(doc: OpenApiDocument): Array<[string, string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((m) => (item[m] ? [[m, path, item[m]!] as [string, string, Operation]] : []))
  );
}

/** Every `$ref` anywhere in a value, with where it was found. */
function refsIn(value: unknown, at = "#"): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${at}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [[at, v] as [string, string]] : refsIn(v, `${at}/${k}`)
  );
}

function resolvePointer(doc: unknown, ref: string): unknown {
  assert.ok(ref.startsWith("#/"), `only local refs: ${ref}`);
  let node = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function pointer(...keys: string[]): string {
  return "#/" + keys.map((k) => k.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

/**
 * Ajv (JSON Schema 2020-12, strict: unknown keywords in a schema are errors)
 * with the document loaded, so schemas are compiled by pointer and their
 * `#/components/...` refs resolve in the document.
 */
function schemaValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
  // The document's own top-level fields are not schema keywords.
  ajv.addVocabulary(["openapi", "info", "servers", "tags", "paths", "components", "x-error-codes"]);
  ajv.addSchema(doc as unknown as object, DOC_ID);
  return (at: string) => {
    const validate = ajv.getSchema(`${DOC_ID}${at}`) ?? ajv.compile({ $ref: `${DOC_ID}${at}` });
    return (value: unknown): string | null =>
      validate(value) ? null : ajv.errorsText(validate.errors, { separator: "; " });
  };
}

const schemaAt = schemaValidator(DOC);

function mockApp() {
  const session = new Session(new MockAdapter(), defaultConfig(), {
    configPath: "",
    configError: null,
  });
  return createApp(session, "127.0.0.1");
}

Deno.test("the document is OpenAPI 3.1 (validated against the OAS 3.1 schema)", async () => {
  assert.match(DOC.openapi, /^3\.1\.\d+$/);
  assert.equal(DOC.info.version, VERSION);
  assert.ok(DOC.info.title.length > 0);
  const validator = new Validator();
  const result = await validator.validate(clone(DOC) as unknown as Record<string, unknown>);
  assert.deepEqual(result.errors, undefined);
  assert.equal(result.valid, true);

  // The validator can fail: an info without a title, a parameter without `in`.
  const untitled = clone(DOC) as unknown as { info: { title?: string } };
  delete untitled.info.title;
  assert.equal((await new Validator().validate(untitled as Record<string, unknown>)).valid, false);
  const broken = clone(DOC);
  broken.paths["/api/windows"].get!.parameters = [
    { name: "x", schema: {} } as unknown as Parameter,
  ];
  assert.equal(
    (await new Validator().validate(broken as unknown as Record<string, unknown>)).valid,
    false,
  );
});

Deno.test("every $ref resolves; operations have ids, tags and responses", () => {
  const refs = refsIn(DOC);
  assert.ok(refs.length > 100, `only ${refs.length} refs`);
  for (const [at, ref] of refs) {
    assert.notEqual(resolvePointer(DOC, ref), undefined, `${at}: ${ref} does not resolve`);
  }
  const ids = new Set<string>();
  const tags = new Set(DOC.tags.map((t) => t.name));
  for (const [method, path, op] of operations(DOC)) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.ok(Object.keys(op.responses).length > 0, `${where}: no responses`);
    assert.ok(op.summary.length > 0, `${where}: no summary`);
    assert.ok(!ids.has(op.operationId), `${where}: operationId ${op.operationId} repeated`);
    ids.add(op.operationId);
    assert.ok(op.tags.every((t) => tags.has(t)), `${where}: undeclared tag ${op.tags}`);
    // Every templated segment is a declared path parameter, and the other way round.
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
    assert.deepEqual(declared.sort(), templated, where);
  }
  // A dangling ref is caught.
  assert.equal(resolvePointer(DOC, "#/components/schemas/Nope"), undefined);
});

Deno.test("every schema in the document compiles as strict JSON Schema 2020-12", () => {
  let compiled = 0;
  for (const name of Object.keys(DOC.components.schemas)) {
    schemaAt(pointer("components", "schemas", name));
    compiled++;
  }
  for (const [method, path, op] of operations(DOC)) {
    (op.parameters ?? []).forEach((_, i) => {
      schemaAt(pointer("paths", path, method, "parameters", String(i), "schema"));
      compiled++;
    });
    for (const type of Object.keys(op.requestBody?.content ?? {})) {
      schemaAt(pointer("paths", path, method, "requestBody", "content", type, "schema"));
      compiled++;
    }
  }
  assert.ok(compiled > 100);
  // Strict mode does refuse what is not JSON Schema (e.g. OpenAPI 3.0's `example`).
  const bad = clone(DOC);
  bad.components.schemas.ErrorObject.example = {};
  assert.throws(() => schemaValidator(bad)(pointer("components", "schemas", "ErrorObject")));
});

/** The Hono app's routes as "METHOD /path" in OpenAPI form, /api/tool/:name one per tool. */
function appRoutes(): Set<string> {
  const out = new Set<string>();
  for (const route of mockApp().routes) {
    if (route.method === "ALL") continue; // middleware (the security guard)
    const method = route.method.toLowerCase();
    if (route.path === "/api/tool/:name") {
      for (const tool of TOOLS.values()) {
        if (method !== "get" || allowedOverGet(tool)) out.add(`${method} /api/tool/${tool.name}`);
      }
      continue;
    }
    out.add(`${method} ${route.path.replace(/:([^/]+)/g, "{$1}")}`);
  }
  return out;
}

Deno.test("the document describes exactly the routes the app serves", () => {
  const served = appRoutes();
  const documented = new Set(operations(DOC).map(([m, p]) => `${m} ${p}`));
  assert.ok(served.size > 60, `only ${served.size} routes`);
  assert.deepEqual(
    [...served].filter((r) => !documented.has(r)).sort(),
    [],
    "served, undocumented",
  );
  assert.deepEqual(
    [...documented].filter((r) => !served.has(r)).sort(),
    [],
    "documented, not served",
  );
  // Spot checks of the expansion: GET only where the tool allows it.
  assert.ok(documented.has("get /api/tool/list_windows"));
  assert.ok(documented.has("post /api/tool/click_at"));
  assert.ok(!documented.has("get /api/tool/click_at"));
  assert.ok(!documented.has("get /api/tool/wait_for"));
});

Deno.test("tool arguments are the registry's schemas, as MCP advertises them", () => {
  for (const tool of TOOLS.values()) {
    const args = inputSchemaOf(tool);
    const { description: _d, ...documented } = DOC.components.schemas[`${tool.name}_args`];
    assert.deepEqual(documented, args, tool.name);
    const path = DOC.paths[`/api/tool/${tool.name}`];
    const body = path.post?.requestBody?.content["application/json"].schema;
    assert.deepEqual(body, { $ref: `#/components/schemas/${tool.name}_args` }, tool.name);
    const get = path.get;
    assert.equal(get !== undefined, allowedOverGet(tool), tool.name);
    if (get) {
      const params = get.parameters ?? [];
      assert.deepEqual(params.map((p) => p.name), Object.keys(args.properties), tool.name);
      for (const p of params) assert.deepEqual(p.schema, args.properties[p.name], p.name);
    }
  }
  // Dedicated GET routes document their tool's arguments as query parameters.
  for (const [method, path, op] of operations(DOC)) {
    if (method !== "get" || !op["x-tool"] || path.startsWith("/api/tool/")) continue;
    if (path.includes("{")) continue;
    const args = inputSchemaOf(TOOLS.get(op["x-tool"])!);
    assert.deepEqual((op.parameters ?? []).map((p) => p.name), Object.keys(args.properties), path);
  }
});

function bodyValidator(method: string, path: string) {
  return schemaAt(
    pointer("paths", path, method, "requestBody", "content", "application/json", "schema"),
  );
}

/** A query parameter's value as the route would read it back, checked against its schema. */
function checkQueryValue(path: string, param: Parameter, value: unknown): string | null {
  const at = pointer("paths", path, "get", "parameters");
  const index = DOC.paths[path].get!.parameters!.indexOf(param);
  return schemaAt(`${at}/${index}/schema`)(value);
}

Deno.test("every tool's example arguments validate against its documented request", () => {
  for (const tool of TOOLS.values()) {
    const args = example(tool.name);
    const path = `/api/tool/${tool.name}`;
    assert.equal(bodyValidator("post", path)(args), null, `POST ${path} ${JSON.stringify(args)}`);
    const get = DOC.paths[path].get;
    if (get) {
      for (const [name, value] of Object.entries(args)) {
        const param: Parameter | undefined = get.parameters!.find((p) => p.name === name);
        assert.ok(param, `GET ${path}: no parameter ${name}`);
        assert.equal(checkQueryValue(path, param, value), null, `GET ${path} ${name}`);
      }
    }
  }
  // Dedicated body routes take the same arguments.
  for (const [method, path, op] of operations(DOC)) {
    if (!op["x-tool"] || !op.requestBody || path.startsWith("/api/tool/")) continue;
    const args = example(op["x-tool"]);
    assert.equal(bodyValidator(method, path)(args), null, `${path} ${JSON.stringify(args)}`);
  }
  // POST /api/action: each v1 action, exactly one variant matches.
  const action = bodyValidator("post", "/api/action");
  const samples = [
    { action: "click_at", ...example("click_at") },
    { action: "type", value: example("type_text").text },
    { action: "key", value: example("press_key").keys, dry_run: true },
    { action: "scroll", ...example("scroll") },
  ];
  for (const sample of samples) assert.equal(action(sample), null, JSON.stringify(sample));
  assert.notEqual(action({ action: "type" }), null, "type without value");
  assert.notEqual(action({ action: "fly" }), null, "unknown action");
  const hover = bodyValidator("post", "/api/hover");
  assert.equal(hover(example("hover_at")), null);
  assert.equal(hover(example("hover_element")), null);
  // The validation can fail: wrong types and missing required arguments.
  const clickAt = bodyValidator("post", "/api/tool/click_at");
  assert.notEqual(clickAt({ x: "108", y: 71 }), null);
  assert.notEqual(clickAt({ x: 108 }), null);
  assert.notEqual(bodyValidator("post", "/api/tool/press_key")({ keys: "" }), null);
});

/** The schema documented for this answer (its status, else `default`). */
function responseValidator(method: string, path: string, status: number, type: string) {
  const op = DOC.paths[path]?.[method as "get"];
  assert.ok(op, `${method} ${path} undocumented`);
  const key = String(status) in op.responses ? String(status) : "default";
  assert.ok(key in op.responses, `${method} ${path}: status ${status} undocumented`);
  let at = pointer("paths", path, method, "responses", key);
  at = (resolvePointer(DOC, at) as { $ref?: string }).$ref ?? at;
  const content = (resolvePointer(DOC, at) as { content?: Record<string, unknown> }).content;
  assert.ok(content && type in content, `${method} ${path} ${status}: no ${type} answer`);
  return schemaAt(`${at}/content/${type.replace(/\//g, "~1")}/schema`);
}

function assertDocumented(
  method: string,
  path: string,
  res: { status: number; body: unknown },
  template = path,
) {
  const check = responseValidator(method, template, res.status, "application/json");
  assert.equal(
    check(res.body),
    null,
    `${method.toUpperCase()} ${path} → ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
  );
}

Deno.test("the service's real answers match the documented responses", async () => {
  const service = await startService();
  try {
    const { url } = service;
    const gets: Array<[string, string, number]> = [
      ["/api/healthz", "", 200],
      ["/api/tools", "", 200],
      ["/api/windows", "", 200],
      ["/api/capabilities", "", 200],
      ["/api/monitors", "", 200],
      ["/api/structure", "?window_index=0&depth=2&roles=MenuItem,Edit", 200],
      ["/api/description", "?window_index=0", 200],
      ["/api/find_element", '?selector=MenuItem[name="File"]', 200],
      ["/api/observe", "?window_index=0", 200],
      ["/api/sketch", "?window_index=0&structured=1", 200],
      ["/api/screenshot", "?window_index=0", 200],
      ["/api/tool/list_windows", "", 200],
      ["/api/tool/get_screen_sketch", "?grid_width=60&grid_height=20", 200],
      // Failures: tool envelopes and the v1 string errors.
      ["/api/find_element", '?selector=Button[name="Nope"]', 404],
      ["/api/find_element", "?selector=((", 400],
      ["/api/structure", "?depth=deep", 400],
      ["/api/sketch", "?grid_width=3", 400],
      ["/api/screenshot", "?window_index=x", 400],
      ["/api/snapshot/snap:0000000000000000", "", 410],
    ];
    for (const [path, query, status] of gets) {
      const res = await getJson(`${url}${path}${encodeURI(query)}`);
      assert.equal(res.status, status, `${path}${query}: ${JSON.stringify(res.body)}`);
      const template = path.startsWith("/api/snapshot/") ? "/api/snapshot/{id}" : path;
      assertDocumented("get", path, res, template);
    }

    const posts: Array<[string, unknown, number]> = [
      ["/api/action", { action: "click_at", x: 108, y: 71, dry_run: true }, 200],
      ["/api/action", { action: "fly" }, 400],
      ["/api/action", { action: "click_at" }, 400],
      ["/api/tool/click_at", {}, 400],
      ["/api/element/click", { selector: 'Button[name="Nope"]' }, 404],
      ["/api/tool/no_such_tool", {}, 400],
      ["/api/snapshot", {}, 200],
    ];
    for (const [path, body, status] of posts) {
      const res = await postJson(`${url}${path}`, body);
      assert.equal(res.status, status, `${path}: ${JSON.stringify(res.body)}`);
      // An unknown tool is answered by the /api/tool/{name} route: any tool's documented answers.
      const template = path === "/api/tool/no_such_tool" ? "/api/tool/list_windows" : path;
      assertDocumented("post", path, res, template);
    }

    // Every tool's example, POSTed: whatever it answers is documented.
    for (const tool of TOOLS.values()) {
      const path = `/api/tool/${tool.name}`;
      const res = await postJson(`${url}${path}`, example(tool.name));
      assertDocumented("post", path, res);
    }

    // The guards' refusals use the envelope too.
    const foreign = await getJson(`${url}/api/windows`, { headers: { Origin: "http://evil" } });
    assert.equal(foreign.status, 403);
    assertDocumented("get", "/api/windows", foreign);
    const form = await getJson(`${url}/api/tool/click_at`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x=1",
    });
    assert.equal(form.status, 415);
    assertDocumented("post", "/api/tool/click_at", form);

    const metrics = await fetch(`${url}/api/metrics`);
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get("content-type") ?? "", /^text\/plain/);
    assert.equal(
      responseValidator("get", "/api/metrics", 200, "text/plain")(await metrics.text()),
      null,
    );

    // The served document is the generator's, for the running version.
    const served = await getJson(`${url}/api/openapi.json`);
    assert.equal(served.status, 200);
    assert.deepEqual(served.body, clone(apiDocument(VERSION)));

    // The response check can fail: a success envelope is not an error.
    const windows = await getJson(`${url}/api/windows`);
    assert.notEqual(
      responseValidator("get", "/api/windows", 404, "application/json")(windows.body),
      null,
    );
  } finally {
    await service.stop();
  }
});

Deno.test("the error code table is lib/model/errors.ts's, each code explained", () => {
  const table = DOC["x-error-codes"];
  assert.deepEqual(Object.keys(table), Object.keys(ERROR_CODES));
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    assert.equal(table[code].status, entry.status, code);
    assert.equal(table[code].recoverable, entry.recoverable, code);
    assert.equal(table[code].suggested_next_tool, entry.next, code);
    assert.ok(table[code].meaning.length > 0, `${code} has no meaning`);
  }
  const codes = (DOC.components.schemas.ErrorObject.properties as Record<string, JsonSchema>).code;
  assert.deepEqual(codes.enum, Object.keys(ERROR_CODES));
});

Deno.test("docs/API.md is what `deno task docs` writes now", async () => {
  const committed = await Deno.readTextFile(API_MD);
  const generated = apiMarkdown();
  assert.equal(committed, generated, "docs/API.md is stale: run `deno task docs`");
  // It names every route and every tool.
  for (const [method, path] of operations(DOC)) {
    assert.ok(
      new RegExp(
        `^### [A-Z, ]*${method.toUpperCase()}[A-Z, ]* ${path.replace(/[{}.]/g, "\\$&")}$`,
        "m",
      )
        .test(generated),
      `${method} ${path} missing`,
    );
  }
  assert.ok(!generated.includes("../shared"));
  assert.match(generated, /http:\/\/127\.0\.0\.1:5001/);
});
