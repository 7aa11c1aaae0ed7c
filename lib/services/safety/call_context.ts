// Which tool call the current code runs for. Dispatch runs every tool inside
// a call context; code far below it (the guarded adapter, window listing)
// reads it to apply per-tool access rules and to collect what the call saw
// (injection warnings) without threading a parameter through every layer.

import { AsyncLocalStorage } from "node:async_hooks";
import type { Caller } from "../../model/tool_call.ts";
import type { WindowInfo } from "../../model/tree.ts";
import type { AccessDecision } from "./access.ts";
import type { ConfirmSubject } from "./confirmation.ts";
import type { InjectionWarning } from "./injection.ts";
import type { Redactor } from "./redactor.ts";

/** A window the access rules hide from the call, and why. */
export interface DeniedWindow {
  window: WindowInfo;
  decision: AccessDecision;
}

export interface CallContext {
  tool: string;
  caller: Caller;
  /** The call's validated arguments. */
  args: Record<string, unknown>;
  /** Set while propose_action runs the tool: the confirmation gate records the target and stops. */
  proposal?: Proposal;
  /** Screen text addressing the agent that this call read. */
  warnings: InjectionWarning[];
  /** Windows the call's latest window listing left out. */
  denied: DeniedWindow[];
  /** Secrets this call typed: hidden from its own result whatever their length. */
  secrets: string[];
}

/** What propose_action learns from the tool: the target it would act on. */
export interface Proposal {
  subject: ConfirmSubject | null;
  rule: string | null;
}

const storage = new AsyncLocalStorage<CallContext>();

export function runInCall<T>(context: CallContext, run: () => Promise<T>): Promise<T> {
  return storage.run(context, run);
}

/** The call being served, or null outside any tool call (start-up, warm-up). */
export function currentCall(): CallContext | null {
  return storage.getStore() ?? null;
}

/** Records warnings for the current call, once per element and field. */
export function noteWarnings(found: InjectionWarning[]): void {
  const call = currentCall();
  if (!call || found.length === 0) return;
  const seen = new Set(call.warnings.map(warningKey));
  for (const w of found) {
    if (!seen.has(warningKey(w))) {
      seen.add(warningKey(w));
      call.warnings.push(w);
    }
  }
}

function warningKey(w: InjectionWarning): string {
  return `${w.window_uid}\u0000${w.element_id}\u0000${w.field}`;
}

/** Makes `text` a secret: for this call's result exactly, and everywhere once long enough. */
export function registerSecret(redactor: Redactor, text: string): void {
  if (text === "") return;
  currentCall()?.secrets.push(text);
  redactor.addSecret(text);
}
