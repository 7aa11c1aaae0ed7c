// Password fields, on every platform: AT-SPI's "password text" role, UI
// Automation's IsPassword (reported as the `password` state) and the mock's
// secret fields (also the `password` state). Text typed into one is a secret
// from then on, whether or not the caller said so.

import type { ServiceContext } from "../context.ts";
import type { Element } from "../../model/tree.ts";
import { currentCall, registerSecret } from "./call_context.ts";
import { typedText } from "./confirmation.ts";

export function isPasswordField(node: Element): boolean {
  return node.platform_role === "password text" || node.states?.password === true;
}

/** Makes the call's text (or value) a secret when `target`, which receives it, is a password field. */
export function protectIfPassword(session: ServiceContext, target: Element | null): void {
  const args = currentCall()?.args;
  const text = args ? typedText(args) : null;
  if (target && text !== null && isPasswordField(target)) {
    registerSecret(session.safety.redactor, text);
  }
}
