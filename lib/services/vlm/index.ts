// The `[vlm]` section of get_screen_description: a vision model describes
// the window, in one request or in several passes.

import type { VlmContext } from "./context.ts";
import { VlmCaller } from "./caller.ts";
import type { VlmSubject } from "./gather.ts";
import { unavailableText } from "./messages.ts";
import { describeMultipass } from "./multipass.ts";
import { describeSingle } from "./single.ts";
import type { VlmDescription } from "./description.ts";

export type { VlmSubject } from "./gather.ts";

/** Asks the configured model about the window; never throws for the model's failures. */
export function describeWithVlm(
  session: VlmContext,
  subject: VlmSubject,
): Promise<VlmDescription> {
  const settings = session.config.vlm;
  if (settings.model === null) {
    const text = unavailableText({ kind: "not_configured" });
    return Promise.resolve({ text, structured: null, tokensUsed: 0 });
  }
  const caller = VlmCaller.forSession(session);
  return settings.mode === "multipass"
    ? describeMultipass(session, caller, subject, settings.model)
    : describeSingle(session, caller, subject, settings.model);
}
