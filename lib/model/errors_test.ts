// Every error the service builds suggests only tools an agent can call: the
// code table's suggestions name registered tools, and no module outside
// lib/model/errors.ts chooses a suggestion of its own.

import { strict as assert } from "node:assert";
import { ERROR_CODES, type ErrorCode, errorObject, knownCode } from "./errors.ts";
import { TOOLS } from "../tools/index.ts";
import { join } from "node:path";
import { ROOT, sourceFiles } from "../../tests/helpers/source_files.ts";

Deno.test("every suggested_next_tool in the code table is a registered tool", () => {
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    if (entry.next === null) continue;
    assert.ok(TOOLS.has(entry.next), `${code} suggests ${entry.next}, which is not registered`);
    assert.equal(errorObject(code as ErrorCode, "m").suggested_next_tool, entry.next);
  }
});

Deno.test("no module hard-codes a suggested_next_tool outside the code table", async () => {
  const offenders: string[] = [];
  for (const dir of ["lib", "routes", "adapters"]) {
    for (const file of sourceFiles(dir)) {
      if (file === "lib/model/errors.ts") continue;
      const text = await Deno.readTextFile(join(ROOT, file));
      // A literal (null or a tool name) chosen on the spot; schemas and types are fine.
      if (/suggested_next_tool\s*:\s*(null\b|["'`])/.test(text)) offenders.push(file);
    }
  }
  assert.deepEqual(offenders, []);
});

Deno.test("adapter-reported codes map onto the table or are none", () => {
  const cases: Array<[string | undefined, ErrorCode | null]> = [
    ["ElementNotFound", "ElementNotFound"],
    ["PatternUnsupported", "PatternUnsupported"],
    ["constructor", null],
    ["__proto__", null],
    ["", null],
    [undefined, null],
  ];
  for (const [input, expected] of cases) assert.equal(knownCode(input), expected, String(input));
});
