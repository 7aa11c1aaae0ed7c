// Every tool's real answers on the mock desktop, held to the result schema it
// declares (closed: no field the schema does not name). MCP advertises these
// schemas as outputSchema and OpenAPI as each route's answer, so a client that
// validates gets what it was told. tests/linux/result_schemas_test.ts does the
// same on real applications.

import assert from "node:assert/strict";
import { MockAdapter } from "../adapters/mock/index.ts";
import { defaultConfig } from "../lib/formats/config/config.ts";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { Session } from "../lib/runtime/session.ts";
import { OcrEngine } from "../lib/services/ocr/engine.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { resultProblems } from "./helpers/result_check.ts";
import { RESULT_CASES } from "./result_cases/index.ts";
import type { Call, ResultCase } from "./result_cases/types.ts";

/** A call whose answer must be a success that fits its tool's schema. */
function checkedCall(session: Session): Call {
  return async (name, args = {}) => {
    const tool = TOOLS.get(name);
    assert.ok(tool, `no tool ${name}`);
    const { status, body } = await dispatch(session, TOOLS, name, args, "rest");
    assert.equal(status, 200, `${name}: ${JSON.stringify(body)}`);
    const problems = resultProblems(tool, body);
    assert.equal(problems, null, `${name} ${JSON.stringify(args)}: ${problems}`);
    return body;
  };
}

/**
 * One OCR engine for every case: each starts its worker on first use, which
 * takes seconds, and a session keeps its own running. The cases read the same
 * mock pixels, so the engine's memory of pictures serves most of them.
 */
const ocr = new OcrEngine(1, 64);

async function runCase(c: ResultCase): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "oso-results-" });
  const config = defaultConfig();
  config.tracing.dir = `${dir}/traces`;
  c.configure?.(config, dir);
  const session = new Session(new MockAdapter(), config, { configPath: "", configError: null });
  Object.defineProperty(session, "ocr", { value: ocr });
  try {
    const call = checkedCall(session);
    const earlier = c.before ? await c.before(call) : {};
    try {
      await call(c.tool, c.args(earlier));
    } finally {
      await c.after?.(earlier);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

for (const c of RESULT_CASES) {
  Deno.test(`${c.tool}: ${c.label} fits its result schema`, () => runCase(c));
}

Deno.test("every tool has a result case", () => {
  const covered = new Set(RESULT_CASES.map((c) => c.tool));
  assert.deepEqual([...TOOLS.keys()].filter((name) => !covered.has(name)), []);
});
