// What a vision model said about a window, as the description tools show it.

import type { Envelope } from "./envelope.ts";

export interface VlmDescription {
  /** The section's text: the reply, the envelope as JSON, or why there is none. */
  text: string;
  /** The multipass envelope (null in single mode). */
  structured: Envelope | null;
  /** Completion tokens the replies cost, as the server reported them or estimated. */
  tokensUsed: number;
}
