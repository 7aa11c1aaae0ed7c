// The one dispatch pipeline: step ids, argument validation, error
// envelopes, cache invalidation, untrusted marking.

import { errorObject, httpStatusFor } from "../model/errors.ts";
import { markUntrusted } from "../model/untrusted.ts";
import type { Session } from "./session.ts";
import { runGuarded } from "../services/safety/guarded_call.ts";
import { annotate, refuseArguments } from "./answer.ts";
import { traceAfter, traceBefore } from "./trace_call.ts";
import type { Caller, Tool, ToolResult } from "./registry.ts";

export interface Dispatched {
  status: number;
  body: ToolResult;
}

/** Who runs, which tool (by name in `tools`), with what, for whom. */
type DispatchArgs = [
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  name: string,
  rawArgs: unknown,
  caller: Caller,
  /** Aborted when the caller has gone. */
  signal?: AbortSignal,
];

export function dispatch(...args: DispatchArgs): Promise<Dispatched> {
  return run(true, ...args);
}

/**
 * Runs a tool from inside another tool's turn in the queue (a replay's
 * re-issued calls, a composite tool's steps): the same pipeline as `dispatch`
 * without queueing again, which would wait for the calling tool itself.
 */
export function dispatchNested(...args: DispatchArgs): Promise<Dispatched> {
  return run(false, ...args);
}

async function run(
  queued: boolean,
  ...[session, tools, name, rawArgs, caller, signal]: DispatchArgs
): Promise<Dispatched> {
  const tool = tools.get(name);
  if (!tool) return unknownTool(name);
  const ids = session.nextStep(tool.kind === "input");
  // Entered synchronously, before any await, so arrival order is run order.
  const turn = queued ? session.sequencer.enter(!tool.annotations.readOnlyHint) : null;
  try {
    await turn?.ready;
    return finish(tool, await execute(session, tools, tool, rawArgs, caller, ids, signal), ids);
  } finally {
    turn?.done();
  }
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

/**
 * Runs the tool under the safety rails, with a trace row when a trace is
 * active. The rails are handed the tool's own `run` (bound to its arguments),
 * so the call goes down one way: dispatch → the rails → the tool.
 */
async function execute(
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  tool: Tool,
  rawArgs: unknown,
  caller: Caller,
  ids: StepIds,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  const given = stripInternal(rawArgs ?? {});
  const parsed = tool.input.safeParse(given);
  const args = parsed.success ? parsed.data as Record<string, unknown> : {};
  const call = { tool: tool.name, kind: tool.kind, caller, stepId: ids.stepId, args };
  const ctx = { session, tools, caller, ...ids, signal };
  const run = parsed.success
    ? tool.run.bind(tool, parsed.data, ctx)
    : refuseArguments.bind(null, parsed.error);
  const traced = await traceBefore(session, { ...call, args: given });
  let out = await runGuarded(session, call, run, annotate.bind(null, ids));
  if (traced) out = await traceAfter(session, traced, out);
  // Inside the queue: reads that arrived after this input must not see the old tree.
  if (tool.kind === "input") invalidateAfterInput(session, out, rawArgs);
  return out;
}

function finish(tool: Tool, out: ToolResult, ids: StepIds): Dispatched {
  let result = annotate(ids, out);
  if (tool.kind === "perception") result = markUntrusted(result);
  return { status: statusOf(result), body: result };
}

/** Arguments named `_x` are internal and never reach a tool. */
function stripInternal(args: unknown): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).filter(([k]) => !k.startsWith("_")));
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
