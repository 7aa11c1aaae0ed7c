// The `[vlm]` section of get_screen_description: a vision model describes
// the window, in one request or in several passes.

import type { VlmContext } from "./context.ts";
import { VlmCaller } from "./caller.ts";
import type { VlmSubject } from "./gather.ts";
import { unavailableText } from "./messages.ts";
import { describeMultipass } from "./multipass.ts";
import { describeSingle } from "./single.ts";
import type { VlmDescription } from "./description.ts";
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
  if (down?.asked === askedOf(settings) && performance.now() < down.until) {
    // The same answer as the call that found the server gone: the same shape, the same advice.
    return Promise.resolve(down.description);
  }
  return describe(session, subject, settings.model);
}

/** How long a server that could not be reached is left alone before it is asked again. */
export const UNREACHABLE_RETRY_MS = 5_000;

/**
 * The answer of the last call that could not reach the server, the server and
 * model it asked, and until when they are not asked again.
 */
const serverDowns = perSession(() => ({
  last: null as { description: VlmDescription; asked: string; until: number } | null,
}));

function askedOf(settings: VlmContext["config"]["vlm"]): string {
  return JSON.stringify([settings.base_url, settings.model, settings.mode]);
}

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
  serverDowns(session).last = caller.blocked?.kind === "unreachable"
    ? {
      description,
      asked: askedOf(session.config.vlm),
      until: performance.now() + UNREACHABLE_RETRY_MS,
    }
    : null;
  return description;
}
