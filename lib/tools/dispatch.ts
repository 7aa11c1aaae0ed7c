// The one dispatch pipeline (spec/actions.md §2): step ids, argument
// validation, error envelopes, cache invalidation, untrusted marking.

import { z } from "zod";
import { errorObject, httpStatusFor, ToolError } from "../core/errors.ts";
import { markUntrusted } from "../core/untrusted.ts";
import type { Session } from "../core/session.ts";
import { runGuarded } from "../safety/guarded_call.ts";
import type { Caller, Tool, ToolResult } from "./registry.ts";

export interface Dispatched {
  status: number;
  body: ToolResult;
}

export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

export async function dispatch(
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  name: string,
  rawArgs: unknown,
  caller: Caller,
): Promise<Dispatched> {
  const tool = tools.get(name);
  if (!tool) {
    return {
      status: 400,
      body: {
        ok: false,
        success: false,
        error: errorObject("BadRequest", `unknown tool: ${name}`, { tool: name }),
      },
    };
  }
  const { stepId, causedBy } = session.nextStep(tool.kind === "input");
  const parsed = tool.input.safeParse(stripInternal(rawArgs ?? {}));
  const call = {
    tool: name,
    kind: tool.kind,
    caller,
    stepId,
    args: parsed.success ? parsed.data as Record<string, unknown> : {},
  };
  // Queued synchronously, before any await, so arrival order is run order.
  let result = await session.sequencer.run(!tool.annotations.readOnlyHint, async () => {
    const out = await runGuarded(session, call, async () => {
      if (!parsed.success) {
        throw new ToolError("BadRequest", `invalid arguments: ${formatIssues(parsed.error)}`);
      }
      return annotate(await tool.run(parsed.data, { session, caller, stepId, causedBy }), {
        stepId,
        causedBy,
      });
    });
    // Inside the queue: reads that arrived after this input must not see the old tree.
    if (tool.kind === "input") invalidateAfterInput(session, out, rawArgs);
    return out;
  });
  result = annotate(result, { stepId, causedBy });
  if (tool.kind === "perception") result = markUntrusted(result);
  return { status: statusOf(result), body: result };
}

/** Arguments named `_x` are internal and never reach a tool. */
function stripInternal(args: unknown): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).filter(([k]) => !k.startsWith("_")));
}

/** Legacy result translation (spec/errors.md §4): fields are added, never removed. */
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

function statusOf(result: ToolResult): number {
  if (result.ok !== false) return 200;
  const error = result.error as { code?: string } | undefined;
  return httpStatusFor(error?.code);
}

function invalidateAfterInput(session: Session, result: ToolResult, rawArgs: unknown): void {
  const target = result.target as { window_uid?: string } | undefined;
  const args = (rawArgs ?? {}) as { window_uid?: unknown };
  const uid = target?.window_uid ?? result.window_uid ??
    (typeof args.window_uid === "string" ? args.window_uid : null);
  session.cache.invalidate(typeof uid === "string" ? uid : null);
}
