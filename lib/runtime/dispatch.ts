// The one dispatch pipeline: step ids, argument validation, error
// envelopes, cache invalidation, untrusted marking.

import { z } from "zod";
import { errorObject, httpStatusFor, ToolError } from "../model/errors.ts";
import { markUntrusted } from "../model/untrusted.ts";
import type { Session } from "./session.ts";
import { runGuarded } from "../services/safety/guarded_call.ts";
import { traceCall } from "./trace_call.ts";
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
  if (!tool) return unknownTool(name);
  const ids = session.nextStep(tool.kind === "input");
  // Queued synchronously, before any await, so arrival order is run order.
  const result = await session.sequencer.run(
    !tool.annotations.readOnlyHint,
    () => execute(session, tools, tool, rawArgs, caller, ids),
  );
  return finish(tool, result, ids);
}

/**
 * Runs a tool from inside another tool's turn in the queue (a replay's
 * re-issued calls): the same pipeline as `dispatch` without queueing again,
 * which would wait for the calling tool itself.
 */
export async function dispatchNested(
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  name: string,
  rawArgs: unknown,
  caller: Caller,
): Promise<Dispatched> {
  const tool = tools.get(name);
  if (!tool) return unknownTool(name);
  const ids = session.nextStep(tool.kind === "input");
  return finish(tool, await execute(session, tools, tool, rawArgs, caller, ids), ids);
}

function unknownTool(name: string): Dispatched {
  return {
    status: 400,
    body: {
      ok: false,
      success: false,
      error: errorObject("BadRequest", `unknown tool: ${name}`, { tool: name }),
    },
  };
}

interface StepIds {
  stepId: number;
  causedBy: number | null;
}

async function execute(
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  tool: Tool,
  rawArgs: unknown,
  caller: Caller,
  { stepId, causedBy }: StepIds,
): Promise<ToolResult> {
  const args = stripInternal(rawArgs ?? {});
  const parsed = tool.input.safeParse(args);
  const call = {
    tool: tool.name,
    kind: tool.kind,
    caller,
    stepId,
    args: parsed.success ? parsed.data as Record<string, unknown> : {},
  };
  const out = await traceCall(
    session,
    { tool: tool.name, kind: tool.kind, caller, stepId, args },
    () =>
      runGuarded(session, call, async () => {
        if (!parsed.success) {
          throw new ToolError("BadRequest", `invalid arguments: ${formatIssues(parsed.error)}`);
        }
        return annotate(await tool.run(parsed.data, { session, tools, caller, stepId, causedBy }), {
          stepId,
          causedBy,
        });
      }),
  );
  // Inside the queue: reads that arrived after this input must not see the old tree.
  if (tool.kind === "input") invalidateAfterInput(session, out, rawArgs);
  return out;
}

function finish(tool: Tool, out: ToolResult, ids: StepIds): Dispatched {
  let result = annotate(out, ids);
  if (tool.kind === "perception") result = markUntrusted(result);
  return { status: statusOf(result), body: result };
}

/** Arguments named `_x` are internal and never reach a tool. */
function stripInternal(args: unknown): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).filter(([k]) => !k.startsWith("_")));
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
