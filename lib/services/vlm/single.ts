// Single mode: one request with the screenshot and every grounding block;
// the reply, as the model wrote it, is the section.

import type { VlmContext } from "./context.ts";
import type { VlmCaller } from "./caller.ts";
import { gatherGrounding, type VlmSubject } from "./gather.ts";
import { groundingBlocks, groundingLimits } from "./grounding.ts";
import { windowImageUrl } from "./image.ts";
import { unavailableText } from "./messages.ts";
import { assemblePrompt, singlePrompt } from "./prompts.ts";
import { type VlmDescription } from "./description.ts";

export async function describeSingle(
  session: VlmContext,
  caller: VlmCaller,
  subject: VlmSubject,
  model: string,
): Promise<VlmDescription> {
  const settings = session.config.vlm;
  const [imageUrl, parts] = await Promise.all([
    windowImageUrl(session, subject.window, settings.image_max_dim),
    gatherGrounding(session, subject),
  ]);
  if (imageUrl === null) {
    return { text: unavailableText({ kind: "no_screenshot" }), structured: null, tokensUsed: 0 };
  }
  const outcome = await caller.ask({
    model,
    maxTokens: settings.max_tokens,
    prompt: assemblePrompt(
      singlePrompt(settings),
      groundingBlocks(parts, groundingLimits(settings)),
    ),
    imageUrl,
  });
  return {
    text: outcome.ok ? outcome.text : unavailableText(outcome.failure),
    structured: null,
    tokensUsed: caller.tokensUsed,
  };
}
