// The requests of one description call: every prompt scrubbed of secrets and
// headed by the redaction note when anything may have been withheld; replies
// counted against the session's VLM token budget (max_tokens never asks for
// more than is left); and after a failure of the server as a whole, the
// remaining requests are not sent.

import { log } from "../../support/log.ts";
import type { VlmContext } from "./context.ts";
import { chatCompletion, type ChatEndpoint, type ChatOutcome } from "./client.ts";
import { apiKeyOf } from "./endpoint.ts";
import { endsTheCall, type VlmFailure } from "./failures.ts";
import { describeFailure } from "./messages.ts";
import { assemblePrompt, redactionPreamble } from "./prompts.ts";

export interface PassRequest {
  model: string;
  maxTokens: number;
  prompt: string;
  imageUrl: string | null;
}

export interface Privacy {
  scrub: (text: string) => string;
  /** Redaction may have replaced something (patterns or secrets are configured). */
  active: boolean;
  replacement: string;
}

export interface TokenBudget {
  limit: number;
  used: number;
}

/** The estimate used when a server does not report usage: about 4 characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(Array.from(text).length / 4);
}

/** The prompt as sent: scrubbed, and after the redaction note when anything may be withheld. */
export function preparePrompt(prompt: string, privacy: Privacy): string {
  const clean = privacy.scrub(prompt);
  const withheld = privacy.active || clean.includes(privacy.replacement);
  return withheld ? assemblePrompt(clean, [], redactionPreamble(privacy.replacement)) : clean;
}

export class VlmCaller {
  /** Tokens the replies of this call cost (reported by the server, else estimated). */
  tokensUsed = 0;
  private wall: VlmFailure | null = null;

  constructor(
    private readonly endpoint: ChatEndpoint,
    private readonly temperature: number,
    private readonly privacy: Privacy,
    private readonly budget: TokenBudget | null,
  ) {}

  static forSession(session: VlmContext): VlmCaller {
    const settings = session.config.vlm;
    const { redactor, ledger } = session.safety;
    const limit = ledger.limits.max_vlm_tokens;
    return new VlmCaller(
      {
        baseUrl: settings.base_url,
        apiKey: apiKeyOf(settings.api_key, (name) => Deno.env.get(name)),
        timeoutS: settings.timeout_s,
      },
      settings.temperature,
      {
        scrub: (text) => redactor.scrubText(text),
        active: redactor.active,
        replacement: redactor.replacement,
      },
      limit === null ? null : { limit, used: ledger.usedOf("vlm_tokens") },
    );
  }

  /** A failure of the server as a whole that ended this call's requests, if any. */
  get blocked(): VlmFailure | null {
    return this.wall;
  }

  async ask(request: PassRequest): Promise<ChatOutcome> {
    if (this.wall) return { ok: false, failure: { kind: "not_sent", cause: this.wall } };
    const left = this.budget === null
      ? Infinity
      : this.budget.limit - this.budget.used - this.tokensUsed;
    if (left <= 0) return { ok: false, failure: { kind: "budget", limit: this.budget!.limit } };
    const outcome = await chatCompletion(this.endpoint, {
      model: request.model,
      maxTokens: Math.min(request.maxTokens, left),
      temperature: this.temperature,
      prompt: preparePrompt(request.prompt, this.privacy),
      imageUrl: request.imageUrl,
    });
    if (outcome.ok) {
      this.tokensUsed += outcome.completionTokens ?? estimateTokens(outcome.text);
    } else {
      log("WARNING", "vlm", describeFailure(outcome.failure));
      if (endsTheCall(outcome.failure)) this.wall = outcome.failure;
    }
    return outcome;
  }
}
