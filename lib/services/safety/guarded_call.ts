// The safety half of every tool call, whatever surface it came from (REST,
// MCP, legacy routes, composites, replay): the access rules and budgets are
// asked before the tool runs; its result is redacted, carries the injection
// warnings of the screen text it read, is charged to its budget, and input
// calls and refusals are written to the audit log before the answer leaves.

import { errorResult } from "../../model/errors.ts";
import { refuseIfDenied } from "./access.ts";
import { typedText } from "./confirmation.ts";
import { log } from "../../support/log.ts";
import type { SafetyContext } from "./context.ts";
import type { Caller, ToolResult } from "../../model/tool_call.ts";
import type { Reservation } from "./budgets.ts";
import { type CallContext, registerSecret, runInCall } from "./call_context.ts";
import { mapStrings } from "../../model/map_strings.ts";

export interface GuardedCall {
  tool: string;
  kind: string;
  caller: Caller;
  stepId: number;
  /** The validated arguments (for the audit log and confirmation). */
  args: Record<string, unknown>;
}

/** Codes that mean the safety rails refused the call: nothing was executed. */
export const REFUSAL_CODES = new Set([
  "NotAllowed",
  "BudgetExceeded",
  "RateLimited",
  "ConfirmationRequired",
  "ConfirmationInvalid",
]);

/**
 * Runs the call under the rails: `run` is the tool with its arguments, `shape`
 * puts its answer in the form every caller gets before the rails read it.
 */
export async function runGuarded(
  session: SafetyContext,
  call: GuardedCall,
  run: () => Promise<ToolResult>,
  shape: (result: ToolResult) => ToolResult,
): Promise<ToolResult> {
  const rails = session.safety;
  const context: CallContext = {
    tool: call.tool,
    caller: call.caller,
    args: call.args,
    warnings: [],
    denied: [],
    secrets: [],
  };
  let reservation: Reservation | null = null;
  let result: ToolResult;
  try {
    refuseIfDenied(rails.access.tool(call.tool));
    const meter = rails.meterOf(call.tool, call.kind);
    if (meter) reservation = rails.ledger.admit(meter);
    result = shape(
      await runInCall(context, () => {
        markArgsSecret(session, call.args);
        return run();
      }),
    );
  } catch (e) {
    result = errorResult(e, call.stepId);
  }
  if (reservation) rails.ledger.settle(reservation, spent(reservation.meter, result));
  if (context.warnings.length > 0) {
    result = { ...result, injection_warnings: context.warnings };
    rails.tripwire.shown(context.warnings);
  }
  result = rails.redactor.scrub(hideExactly(result, context.secrets, rails.redactor.replacement));
  if (call.kind === "input" || isRefusal(result)) await audit(session, call, result);
  return result;
}

/** What a finished call costs its budget: nothing unless it succeeded for real. */
function spent(meter: string, result: ToolResult): number {
  if (result.ok === false || result.dry_run === true) return 0;
  if (meter !== "vlm_tokens") return 1;
  return typeof result.vlm_tokens_used === "number" ? result.vlm_tokens_used : 0;
}

/** Text the caller marked `secret: true` is never shown again, anywhere (call inside the call). */
export function markArgsSecret(session: SafetyContext, args: Record<string, unknown>): void {
  const text = typedText(args);
  if (args.secret === true && text !== null) registerSecret(session.safety.redactor, text);
}

/** Strings equal to one of this call's secrets (too short to search for in free text). */
function hideExactly(result: ToolResult, secrets: string[], replacement: string): ToolResult {
  if (secrets.length === 0) return result;
  const set = new Set(secrets);
  return mapStrings(result, (s) => set.has(s) ? replacement : s, NOTHING) as ToolResult;
}

const NOTHING: ReadonlySet<string> = new Set();

export function errorCodeOf(result: ToolResult): string | null {
  const error = result.error as { code?: unknown } | string | undefined;
  if (result.ok !== false) return null;
  return typeof error === "object" && typeof error.code === "string" ? error.code : "Internal";
}

function isRefusal(result: ToolResult): boolean {
  return REFUSAL_CODES.has(errorCodeOf(result) ?? "");
}

async function audit(
  session: SafetyContext,
  call: GuardedCall,
  result: ToolResult,
): Promise<void> {
  const log_ = session.safety.audit;
  if (!log_) return;
  const hidden = new Set(session.safety.settings.audit.redact_arg_keys);
  const args: Record<string, unknown> = {};
  const redacted: string[] = [];
  for (const [key, value] of Object.entries(call.args)) {
    if (value === undefined) continue;
    if (hidden.has(key)) redacted.push(key);
    else args[key] = value;
  }
  const code = errorCodeOf(result);
  try {
    await log_.append({
      time: new Date().toISOString(),
      caller: call.caller,
      tool: call.tool,
      step_id: call.stepId,
      args: session.safety.redactor.scrub(args),
      redacted,
      target: targetOf(result),
      result: code ?? "ok",
      refused: isRefusal(result),
      ...(result.dry_run === true ? { dry_run: true } : {}),
    });
  } catch (e) {
    log("ERROR", "audit", `could not write the audit record of step ${call.stepId}: ${e}`);
    result.audit_error = "the audit record of this call could not be written";
  }
}

function targetOf(result: ToolResult): Record<string, unknown> | null {
  const target = result.target as Record<string, unknown> | undefined;
  const error = result.error as { context?: Record<string, unknown> } | undefined;
  const uid = target?.window_uid ?? result.window_uid ?? error?.context?.window_uid ?? null;
  if (!target && uid === null) return null;
  return {
    window_uid: uid,
    element_id: target?.element_id ?? null,
    selector: target?.selector ?? null,
  };
}
