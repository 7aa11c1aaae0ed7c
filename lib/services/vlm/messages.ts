// What the `[vlm]` section says when the model produced nothing: the cause and
// the setting to change (the original said "check vlm.base_url and vlm.model"
// whatever had happened).

import type { VlmFailure } from "./failures.ts";

const MODEL_EXAMPLE = '"qwen2.5vl:7b"';
const KEY_SETTINGS = "vlm.api_key in config.json or the OWUI_API_KEY environment variable";

/** `: detail` when there is one. */
function saying(detail: string): string {
  return detail ? `: ${detail}` : "";
}

function httpCause(f: Extract<VlmFailure, { kind: "http" }>): string {
  const url = f.urls[f.urls.length - 1];
  const status = `HTTP ${f.status}${saying(f.detail)}`;
  if (f.status === 401 || f.status === 403) {
    return f.keySent
      ? `${url} refused the API key (${status}): set ${KEY_SETTINGS} to a key that may use ` +
        `model "${f.model}"`
      : `${url} wants an API key (${status}): set ${KEY_SETTINGS}`;
  }
  if (f.status === 404) {
    return `${f.urls.join(" and ")} answered ${status}: either vlm.base_url is not the ` +
      `server's address (give it without /v1) or the server has no model "${f.model}" ` +
      "(vlm.model)";
  }
  if (f.status === 429) {
    const wait = f.retryAfter ? ` (it asks to retry after ${f.retryAfter} s)` : "";
    return `${url} is rate limiting requests (${status})${wait}: retry later, or raise the ` +
      "server's limits";
  }
  if (f.status >= 500) {
    return `${url} failed with ${status}: the server or model "${f.model}" has a problem ` +
      "(is the model loaded, does it take images?); see the server's log";
  }
  return `${url} rejected the request with ${status}: check that vlm.model ("${f.model}") ` +
    "names a model of this server that takes images";
}

/** The cause and what to set, in one sentence. */
export function describeFailure(f: VlmFailure): string {
  switch (f.kind) {
    case "not_configured":
      return `vlm.model is not set: set it in config.json to the vision model's name (for ` +
        `example ${MODEL_EXAMPLE}), or set vlm.enabled to false to leave this section out`;
    case "no_screenshot":
      return "the window's screenshot could not be taken, so there was nothing to show the model";
    case "budget":
      return `the session's vision-model token budget is spent (safety.budgets.max_vlm_tokens ` +
        `= ${f.limit}): raise it, or start a new session`;
    case "unreachable":
      return `could not connect to ${f.url} (${f.detail}): start the model server, or set ` +
        "vlm.base_url to the address it listens on";
    case "timeout":
      return `${f.url} did not answer within ${f.seconds} s (vlm.timeout_s): raise ` +
        "vlm.timeout_s, choose a faster vlm.model, or check that the server is not stuck";
    case "redirect":
      return `${f.url} answered with a redirect (HTTP ${f.status}) to ${f.location}, which is ` +
        "not followed (it would carry the API key elsewhere): set vlm.base_url to the final " +
        "address";
    case "http":
      return httpCause(f);
    case "malformed":
      return `${f.url} answered with something that is not a chat-completions reply ` +
        `(${f.detail}): check that vlm.base_url points at an OpenAI-compatible API`;
    case "empty_reply":
      return `model "${f.model}" at ${f.url} returned an empty reply: try again, or choose ` +
        "another vlm.model";
    case "too_large":
      return `the reply from ${f.url} was larger than ${Math.round(f.limitBytes / 1048576)} MB ` +
        "and was not read: check that vlm.base_url points at a chat-completions API";
    case "not_sent":
      return `not sent, an earlier request failed: ${describeFailure(f.cause)}`;
  }
}

/** The `[vlm]` section when the model produced nothing. */
export function unavailableText(failure: VlmFailure): string {
  return `[VLM unavailable — ${describeFailure(failure)}]`;
}
