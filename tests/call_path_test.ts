// The path of a call is short and one-way: a REST click and an MCP observe
// run in process against the mock desktop, and the chain of frames awaiting
// the adapter's call must pass only files that docs/ARCHITECTURE.md walks
// through, in its order, without entering any file twice.

import { strict as assert } from "node:assert";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { MockAdapter } from "../adapters/mock/index.ts";
import { defaultConfig } from "../lib/formats/config/config.ts";
import { Session } from "../lib/runtime/session.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { createMcpServer } from "../lib/interfaces/mcp/server.ts";
import { createApp } from "../routes/app.ts";
import { Client, InMemoryTransport } from "./helpers/mcp_sdk_client.ts";
import { ROOT } from "./helpers/source_files.ts";

const ARCHITECTURE = Deno.readTextFileSync(join(ROOT, "docs/ARCHITECTURE.md"));

/** The files of a walk in docs/ARCHITECTURE.md: the first path of each numbered step. */
export function walkFiles(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`## ${heading}`);
  if (start < 0) return [];
  const section = markdown.slice(start).split(/\n## /)[0];
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]);
}

/** The repository files of a stack, innermost first, each run of one file counted once. */
export function stackFiles(stack: string): string[] {
  const files: string[] = [];
  for (
    const m of stack.matchAll(
      /\((file:\/\/[^)]+?):\d+:\d+\)|at (?:async )?(file:\/\/\S+?):\d+:\d+$/gm,
    )
  ) {
    const path = relative(ROOT, fileURLToPath(m[1] ?? m[2]));
    if (path.startsWith("..") || path.startsWith("tests/")) continue;
    if (files.at(-1) !== path) files.push(path);
  }
  return files;
}

/** Why `seen` (outermost first) is not one-way along `walk`, or null. */
export function offWalk(seen: string[], walk: string[]): string | null {
  const repeated = seen.find((f, i) => seen.indexOf(f) !== i);
  if (repeated) return `${repeated} is entered twice`;
  let at = -1;
  for (const file of seen) {
    const next = walk.indexOf(file);
    if (next < 0) return `${file} is not in the walk`;
    if (next <= at) return `${file} comes before ${walk[at]} in the walk`;
    at = next;
  }
  return null;
}

Deno.test("walk and stack parsing, and the one-way check, case by case", () => {
  const doc = "## A read, end to end\n\n1. `a.ts` — x\n2. `b/c.ts` — y, `d.ts`\n\n## Next\n";
  assert.deepEqual(walkFiles(doc, "A read, end to end"), ["a.ts", "b/c.ts"]);
  const root = new URL(`file://${ROOT}`).href.replace(/\/$/, "");
  const stack = [
    "Error",
    `    at Mock.input (${root}/adapters/mock/index.ts:9:37)`,
    `    at async perform (${root}/lib/x.ts:85:15)`,
    `    at async ${root}/lib/x.ts:90:1`,
    `    at async helper (${root}/tests/helper.ts:1:1)`,
    `    at async dispatch (file:///root/.cache/deno/npm/hono/compose.js:35:11)`,
    `    at async ${root}/routes/r.ts:3:5`,
  ].join("\n");
  assert.deepEqual(stackFiles(stack), ["adapters/mock/index.ts", "lib/x.ts", "routes/r.ts"]);
  const walk = ["routes/r.ts", "lib/d.ts", "lib/x.ts", "adapters/mock/index.ts"];
  assert.equal(offWalk(["routes/r.ts", "lib/x.ts"], walk), null);
  assert.match(offWalk(["lib/x.ts", "routes/r.ts"], walk)!, /comes before/);
  assert.match(offWalk(["routes/r.ts", "lib/y.ts"], walk)!, /not in the walk/);
  assert.match(offWalk(["routes/r.ts", "lib/x.ts", "lib/d.ts", "lib/x.ts"], walk)!, /twice/);
});

Deno.test("the documented walks take at most ten hops", () => {
  for (const heading of ["A read, end to end", "An action, end to end"]) {
    const files = walkFiles(ARCHITECTURE, heading);
    assert.ok(files.length >= 5, `${heading}: ${files.length} steps`);
    assert.ok(files.length - 1 <= 10, `${heading}: ${files.length - 1} hops`);
    assert.equal(new Set(files).size, files.length, `${heading} names a file twice`);
    for (const file of files) assert.ok(Deno.statSync(join(ROOT, file)).isFile, file);
  }
});

/**
 * A walk up to the adapter every tool sees: what runs in process. The rest
 * (the desktop worker and the platform) is behind the mock here.
 */
function upToContract(walk: string[]): string[] {
  return walk.slice(0, walk.indexOf("lib/services/safety/guarded_adapter.ts") + 1);
}

/** `files` from `first` on (all of them when it is absent, so that the walk check fails). */
function from(first: string, files: string[]): string[] {
  return files.includes(first) ? files.slice(files.indexOf(first)) : files;
}

/** A session over the mock desktop whose adapter keeps the stack of its last call of `method`. */
function recordingSession(method: "input" | "captureTree") {
  const adapter = new MockAdapter();
  const recorded = { stack: "" };
  const original = adapter[method].bind(adapter) as (...args: unknown[]) => unknown;
  (adapter as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 100;
    recorded.stack = new Error().stack ?? "";
    Error.stackTraceLimit = limit;
    return original(...args);
  };
  const config = defaultConfig();
  config.tree.cache_ttl_s = 0;
  const session = new Session(adapter, config, { configPath: "", configError: null });
  return { session, recorded };
}

Deno.test("a REST click goes one way along the documented action walk", async () => {
  const { session, recorded } = recordingSession("input");
  const app = createApp(session, "127.0.0.1");
  const response = await app.request("http://127.0.0.1:5001/api/element/click", {
    method: "POST",
    headers: { host: "127.0.0.1:5001", "content-type": "application/json" },
    body: JSON.stringify({ window_index: 0, selector: 'Window/MenuBar/MenuItem[name="Edit"]' }),
  });
  const body = await response.json();
  assert.equal(body.ok, true, JSON.stringify(body).slice(0, 300));
  const walk = upToContract(walkFiles(ARCHITECTURE, "An action, end to end"));
  // The request's guards (routes/security.ts) await the route's handler: the walk starts there.
  const seen = from(walk[0], stackFiles(recorded.stack).reverse());
  assert.equal(seen.at(-1), walk.at(-1), recorded.stack);
  assert.equal(offWalk(seen, walk), null, `${seen.join(" → ")}\n${recorded.stack}`);
  assert.ok(seen.length >= 5, seen.join(" → "));
});

Deno.test("an MCP observe goes one way along the documented read walk", async () => {
  const { session, recorded } = recordingSession("captureTree");
  const server = createMcpServer(session, TOOLS);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "call-path", version: "1" });
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: "observe_window", arguments: {} });
    assert.notEqual(result.isError, true, JSON.stringify(result).slice(0, 300));
  } finally {
    await client.close();
  }
  const walk = upToContract(walkFiles(ARCHITECTURE, "A read, end to end"));
  const seen = from(walk[0], stackFiles(recorded.stack).reverse());
  assert.equal(seen.at(-1), walk.at(-1), recorded.stack);
  assert.equal(offWalk(seen, walk), null, `${seen.join(" → ")}\n${recorded.stack}`);
  assert.ok(seen.length >= 5, seen.join(" → "));
});
