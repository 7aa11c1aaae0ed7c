// The confirmation check every input verb passes once its target is known
// and before anything reaches the desktop (no activation, no scrolling, no
// input): a call matching a confirmation rule, or any input while injection
// warnings wait for acknowledgement, needs a valid confirm_token. Under
// propose_action the gate records the target and stops the tool instead.

import { ToolError } from "../../model/errors.ts";
import type { SafetyContext } from "./context.ts";
import type { Element } from "../../model/tree.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { currentCall } from "./call_context.ts";
import type { ConfirmSubject } from "./confirmation.ts";

/** Thrown by the gate under propose_action: the tool got as far as its target. */
export class ProposalReached extends Error {}

export const INJECTION_RULE = "safety.block_after_injection";

export function confirmGate(
  session: SafetyContext,
  window: ListedWindow | null,
  element: Element | null,
): void {
  const call = currentCall();
  if (!call) return;
  const subject: ConfirmSubject = {
    window: window &&
      { window_uid: window.window_uid, title: window.title, process: window.process },
    element: element &&
      {
        id: element.id,
        role: element.role,
        name: element.name,
        value: element.value,
        bounds: element.bounds,
      },
  };
  const rails = session.safety;
  const rule = rails.confirmations.ruleFor(call, subject) ??
    (rails.tripwire.blocking.length > 0 ? INJECTION_RULE : null);
  if (call.proposal) {
    call.proposal.subject = subject;
    call.proposal.rule = rule;
    throw new ProposalReached();
  }
  if (rule === null) return;
  const token = call.args.confirm_token;
  if (typeof token !== "string" || token === "") {
    throw new ToolError(
      "ConfirmationRequired",
      `${call.tool} requires a confirm_token from propose_action (${ruleText(rule)})`,
      { action: call.tool, rule, target: describeSubject(subject) },
    );
  }
  rails.confirmations.redeem(token, call, subject);
}

function ruleText(rule: string): string {
  return rule === INJECTION_RULE
    ? "screen text addressed the agent; call acknowledge_injection or confirm each action"
    : `rule ${rule}`;
}

/** "Button 'Delete' in window 'Inbox' (mail.exe)": what a person confirms. */
export function describeSubject(subject: ConfirmSubject): string {
  const { element, window } = subject;
  const where = window ? `window '${window.title}' (${window.process})` : "the focused window";
  return element ? `${element.role} '${element.name}' in ${where}` : where;
}
