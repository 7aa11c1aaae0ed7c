// Key-combination arguments of tools: a parse failure is the caller's mistake.

import { ToolError } from "../../model/errors.ts";
import { KeyComboError, parseKeyCombo } from "./keys.ts";

export function parseKeysArg(keys: string): string[] {
  try {
    return parseKeyCombo(keys);
  } catch (e) {
    if (e instanceof KeyComboError) throw new ToolError("BadRequest", e.message, { keys });
    throw e;
  }
}
