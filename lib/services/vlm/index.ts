// The `[vlm]` section of get_screen_description: a vision model describes
// the window, in one request or in several passes.

import type { VlmContext } from "./context.ts";
import { VlmCaller } from "./caller.ts";
import type { VlmSubject } from "./gather.ts";
import { unavailableText } from "./messages.ts";
import { describeMultipass } from "./multipass.ts";
import { describeSingle } from "./single.ts";
import type { VlmDescription } from "./description.ts";
import type { VlmFailure } from "./failures.ts";
import { perSession } from "../../support/per_session.ts";

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
  const down = serverDowns(session).last;
  if (down !== null && performance.now() < down.until) {
    const text = `${unavailableText(down.failure)} (not asked again for ${
      Math.ceil((down.until - performance.now()) / 1000)
    } s)`;
    return Promise.resolve({ text, structured: null, tokensUsed: 0 });
  }
  return describe(session, subject, settings.model);
}

/** How long a server that could not be reached is left alone before it is asked again. */
export const UNREACHABLE_RETRY_MS = 5_000;

/** The last call's failure to reach the server, and until when it is not asked again. */
const serverDowns = perSession(() => ({
  last: null as { failure: VlmFailure; until: number } | null,
}));

async function describe(
  session: VlmContext,
  subject: VlmSubject,
  model: string,
): Promise<VlmDescription> {
  const caller = VlmCaller.forSession(session);
  const description = session.config.vlm.mode === "multipass"
    ? await describeMultipass(session, caller, subject, model)
    : await describeSingle(session, caller, subject, model);
  // A server that is not there costs every description a screenshot, its encoding and a
  // failed connection: it is left alone for a while instead.
  const wall = caller.blocked;
  serverDowns(session).last = wall?.kind === "unreachable"
    ? { failure: wall, until: performance.now() + UNREACHABLE_RETRY_MS }
    : null;
  return description;
}
