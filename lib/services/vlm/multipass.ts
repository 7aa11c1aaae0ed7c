// Multipass mode: scene (fast model, image), controls (primary model, image
// and grounding), actions (text only, from the first two) and, when
// vlm.model_verify is set, verify (the controls against the tree), merged into
// one envelope. A pass that fails or does not parse is recorded in `_passes`
// and the others go on; a server that is down or refusing ends the call at the
// first pass instead of once per pass.

import type { VlmContext } from "./context.ts";
import type { ChatOutcome } from "./client.ts";
import type { PassRequest, VlmCaller } from "./caller.ts";
import { applyPass, emptyEnvelope, type PassName, synthesisedSummary } from "./envelope.ts";
import type { VlmFailure } from "./failures.ts";
import { gatherGrounding, type VlmSubject } from "./gather.ts";
import { cutLines, EMPTY_GROUNDING, groundingBlocks, groundingLimits } from "./grounding.ts";
import { windowImageUrl } from "./image.ts";
import { parseJsonObject } from "./json.ts";
import { describeFailure, unavailableText } from "./messages.ts";
import { actionsPrompt, controlsPrompt, scenePrompt, verifyPrompt } from "./prompts.ts";
import { type VlmDescription } from "./description.ts";

/** Reply lengths of the passes whose answer is short by design. */
const SCENE_TOKENS = 400;
const ACTIONS_TOKENS = 600;
const VERIFY_TOKENS = 400;

/** Why a reply that arrived gave nothing to the envelope. */
export function unparseableReply(error: string, finishReason: string | null): string {
  const cut = finishReason === "length"
    ? " (the reply was cut at its max_tokens: raise vlm.max_tokens)"
    : "";
  return `the reply is not a JSON object: ${error}${cut}`;
}

export async function describeMultipass(
  session: VlmContext,
  caller: VlmCaller,
  subject: VlmSubject,
  model: string,
): Promise<VlmDescription> {
  const settings = session.config.vlm;
  const envelope = emptyEnvelope();
  const passes = envelope._passes;
  let answered = false;
  let firstFailure: VlmFailure | null = null;

  const skip = (pass: PassName, reason: string) => {
    passes[`${pass}_skipped`] = reason;
  };
  const record = (pass: PassName, outcome: ChatOutcome, ms: number) => {
    if (outcome.ok) {
      answered = true;
      passes[`${pass}_ms`] = ms;
      const parsed = parseJsonObject(outcome.text);
      if (!parsed.ok) {
        passes[`${pass}_error`] = unparseableReply(parsed.error, outcome.finishReason);
        return null;
      }
      const ignored = applyPass(envelope, pass, parsed.value);
      if (ignored.length > 0) passes[`${pass}_ignored`] = ignored;
      return parsed.value;
    }
    const failure = outcome.failure;
    if (failure.kind === "not_sent" || failure.kind === "budget") {
      skip(pass, describeFailure(failure));
    } else {
      passes[`${pass}_ms`] = ms;
      passes[`${pass}_error`] = describeFailure(failure);
    }
    firstFailure ??= failure;
    return null;
  };
  const run = async (pass: PassName, request: PassRequest) => {
    const started = performance.now();
    const outcome = await caller.ask(request);
    return record(pass, outcome, Math.round(performance.now() - started));
  };

  const imageUrl = await windowImageUrl(session, subject.window, settings.image_max_dim);
  let scene: Record<string, unknown> | null = null;
  let controls: Record<string, unknown> | null = null;
  if (imageUrl === null) {
    firstFailure = { kind: "no_screenshot" };
    skip("scene", describeFailure(firstFailure));
    skip("controls", describeFailure(firstFailure));
  } else {
    scene = await run("scene", {
      model: settings.model_fast ?? model,
      maxTokens: SCENE_TOKENS,
      prompt: scenePrompt(settings, subject.window),
      imageUrl,
    });
    // Grounding may cost an OCR run: not for a server already known to be down.
    const parts = caller.blocked ? EMPTY_GROUNDING : await gatherGrounding(session, subject);
    controls = await run("controls", {
      model,
      maxTokens: settings.max_tokens,
      prompt: controlsPrompt(settings, groundingBlocks(parts, groundingLimits(settings))),
      imageUrl,
    });
  }
  if (scene || controls) {
    await run("actions", {
      model: settings.model_actions ?? model,
      maxTokens: ACTIONS_TOKENS,
      prompt: actionsPrompt(settings, scene, controls),
      imageUrl: null,
    });
  } else {
    skip("actions", "no scene or controls to plan from");
  }
  if (settings.model_verify !== null) {
    if (subject.tree.children.length === 0) {
      skip("verify", "the window has no accessibility tree to check against");
    } else if (!controls) {
      skip("verify", "no controls to check");
    } else {
      await run("verify", {
        model: settings.model_verify,
        maxTokens: VERIFY_TOKENS,
        prompt: verifyPrompt(settings, controls, cutLines(subject.prose, settings.tree_max_lines)),
        imageUrl: null,
      });
    }
  }
  envelope.summary ??= synthesisedSummary(envelope);
  const text = answered || firstFailure === null
    ? JSON.stringify(envelope, null, 2)
    : unavailableText(firstFailure);
  return { text, structured: envelope, tokensUsed: caller.tokensUsed };
}
