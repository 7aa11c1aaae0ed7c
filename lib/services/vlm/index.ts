// The `[vlm]` section of get_screen_description: a vision model describes
// the window, in one request or in several passes.

import type { ServiceContext } from "../context.ts";
import { VlmCaller } from "./caller.ts";
import type { Envelope } from "./envelope.ts";
import type { VlmSubject } from "./gather.ts";
import { unavailableText } from "./messages.ts";
import { describeMultipass } from "./multipass.ts";
import { describeSingle } from "./single.ts";

export type { VlmSubject } from "./gather.ts";

export interface VlmDescription {
  /** The section's text: the reply, the envelope as JSON, or why there is none. */
  text: string;
  /** The multipass envelope (null in single mode). */
  structured: Envelope | null;
  /** Completion tokens the replies cost, as the server reported them or estimated. */
  tokensUsed: number;
}

/** Asks the configured model about the window; never throws for the model's failures. */
export function describeWithVlm(
  session: ServiceContext,
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
