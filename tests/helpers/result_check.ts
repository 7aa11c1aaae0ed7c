// Holds a tool's real answer to its declared result schema, closed: a field
// the schema does not name is a problem too, so the schema stays complete.

import { Ajv2020 } from "./ajv.ts";
import { strictOutputSchemaOf } from "../../lib/interfaces/mcp/schemas.ts";
import type { Tool } from "../../lib/runtime/registry.ts";

const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
const validators = new Map<string, (value: unknown) => boolean>();

function validatorOf(tool: Tool) {
  let validate = validators.get(tool.name);
  if (validate === undefined) {
    validate = ajv.compile(strictOutputSchemaOf(tool));
    validators.set(tool.name, validate);
  }
  return validate as ((value: unknown) => boolean) & { errors?: unknown[] | null };
}

/** What in `body` does not fit the tool's result schema; null when it all fits. */
export function resultProblems(tool: Tool, body: unknown): string | null {
  const validate = validatorOf(tool);
  if (validate(body)) return null;
  return ajv.errorsText(validate.errors as never, { separator: "; " });
}
