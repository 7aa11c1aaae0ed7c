// The innermost step of every tool call: the arguments checked against the
// tool's schema, the tool run, its answer put in the shape every caller gets.
// The stages around it (tracing, the safety rails) call it; it calls the tool,
// so a call goes one way down the stages and never back into dispatch.

import type { z } from "zod";
import { errorObject, ToolError } from "../model/errors.ts";
import type { Tool, ToolContext, ToolResult } from "./registry.ts";

/** The tool and its checked arguments, for invokeTool. */
export interface Invocation {
  tool: Tool;
  parsed: z.ZodSafeParseResult<unknown>;
  ctx: ToolContext;
}

export async function invokeTool({ tool, parsed, ctx }: Invocation): Promise<ToolResult> {
  if (!parsed.success) {
    throw new ToolError("BadRequest", `invalid arguments: ${formatIssues(parsed.error)}`);
  }
  return annotate(await tool.run(parsed.data, ctx), ctx);
}

export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/** Legacy result translation: fields are added, never removed. */
export function annotate(
  result: ToolResult,
  ids: { stepId: number; causedBy: number | null },
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
