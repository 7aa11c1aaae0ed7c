// Text typed into a password field is a secret from then on, whether or not
// the caller said so.

import type { SafetyContext } from "./context.ts";
import type { Element } from "../../model/tree.ts";
import { isPasswordField } from "../../model/password_field.ts";
import { currentCall, registerSecret } from "./call_context.ts";
import { typedText } from "./confirmation.ts";

/** Makes the call's text (or value) a secret when `target`, which receives it, is a password field. */
export function protectIfPassword(session: SafetyContext, target: Element | null): void {
  const args = currentCall()?.args;
  const text = args ? typedText(args) : null;
  if (target && text !== null && isPasswordField(target)) {
    registerSecret(session.safety.redactor, text);
  }
}
