// The tool's side of every call: arguments that do not fit its schema are
// refused, and its answer is put in the shape every caller gets.

import type { z } from "zod";
import { errorObject, ToolError } from "../model/errors.ts";
import type { ToolResult } from "./registry.ts";

/** What a call does when its arguments do not fit the tool: refuse them (BadRequest). */
export function refuseArguments(error: z.ZodError): Promise<ToolResult> {
  return Promise.reject(
    new ToolError("BadRequest", `invalid arguments: ${formatIssues(error)}`),
  );
}

export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/** Legacy result translation: fields are added, never removed. */
export function annotate(
  ids: { stepId: number; causedBy: number | null },
  result: ToolResult,
): ToolResult {
  const out: ToolResult = { ...result };
  out.step_id ??= ids.stepId;
  if (!("caused_by_step_id" in out)) out.caused_by_step_id = ids.causedBy;
  if (!("ok" in out)) {
    if (typeof out.error === "string") {
      out.ok = false;
      out.success = false;
      out.error = errorObject("Internal", out.error);
    } else if (out.success === false) {
      out.ok = false;
    } else {
      out.ok = true;
      out.success ??= true;
    }
  }
  out.success ??= out.ok;
  return out;
}
