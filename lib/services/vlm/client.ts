// One chat-completions request as plain async fetch on the calling thread's
// event loop: /api/v1 first, /v1 on a 404, redirects refused, one deadline
// for the whole attempt. Every failure comes back as a typed VlmFailure
// (never thrown), with the API key removed from what the server said.

import { chatCompletionsUrl, prefixOrder, shownUrl } from "./endpoint.ts";
import type { VlmFailure } from "./failures.ts";

export interface ChatEndpoint {
  baseUrl: string;
  apiKey: string | null;
  timeoutS: number;
}

export interface ChatRequest {
  model: string;
  maxTokens: number;
  temperature: number;
  prompt: string;
  /** `data:image/png;base64,...`, or null for a text-only request. */
  imageUrl: string | null;
}

export interface ChatReply {
  text: string;
  /** `usage.completion_tokens` when the server reports it. */
  completionTokens: number | null;
  finishReason: string | null;
}

export type ChatOutcome =
  | ({ ok: true; url: string } & ChatReply)
  | { ok: false; failure: VlmFailure };

/** Replies above this are not read (a chat reply is kilobytes; this is a wrong endpoint). */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;
/** Characters of a server's own error text kept in a message. */
const DETAIL_CHARS = 200;

/** The wire format: the image part first, then the prompt; no image part for text passes. */
export function requestBody(request: ChatRequest): Record<string, unknown> {
  const content: Array<Record<string, unknown>> = [];
  if (request.imageUrl !== null) {
    content.push({ type: "image_url", image_url: { url: request.imageUrl } });
  }
  content.push({ type: "text", text: request.prompt });
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    temperature: request.temperature,
    messages: [{ role: "user", content }],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `content` as text: a string, or the text parts of a list of parts. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => isObject(part) && typeof part.text === "string" ? part.text : "")
    .join("");
}

/** `choices[0].message.content` and the usage, or what is wrong with the reply. */
export function parseChatReply(
  body: unknown,
): { ok: true; reply: ChatReply } | { ok: false; detail: string; empty?: true } {
  if (!isObject(body)) return { ok: false, detail: "the reply is not a JSON object" };
  const choices = body.choices;
  if (!Array.isArray(choices)) {
    const said = serverSaid(body);
    return { ok: false, detail: said ? `no "choices"; it said: ${said}` : 'no "choices" list' };
  }
  if (choices.length === 0) return { ok: false, detail: 'an empty "choices" list' };
  const first = choices[0];
  if (!isObject(first) || !isObject(first.message)) {
    return { ok: false, detail: 'choices[0] has no "message"' };
  }
  const text = contentText(first.message.content);
  if (text.trim() === "") return { ok: false, detail: "empty content", empty: true };
  const usage = isObject(body.usage) ? body.usage.completion_tokens : undefined;
  return {
    ok: true,
    reply: {
      text,
      completionTokens: typeof usage === "number" && usage >= 0 ? usage : null,
      finishReason: typeof first.finish_reason === "string" ? first.finish_reason : null,
    },
  };
}

/** The message in an error body (`error.message`, `error`, `detail`, `message`), or "". */
export function serverSaid(body: unknown): string {
  if (typeof body === "string") {
    const text = body.trim();
    return text.startsWith("<") ? "" : text; // an HTML error page says nothing useful
  }
  if (!isObject(body)) return "";
  const error = body.error;
  if (isObject(error) && typeof error.message === "string") return error.message;
  for (const said of [error, body.detail, body.message]) {
    if (typeof said === "string") return said;
  }
  return "";
}

/** Server-controlled text made safe to show: no key, one line, short. */
export function cleanDetail(text: string, apiKey: string | null): string {
  const keyless = apiKey ? text.replaceAll(apiKey, "<api key>") : text;
  const line = keyless.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length > DETAIL_CHARS ? chars.slice(0, DETAIL_CHARS).join("") + "…" : line;
}

/** The path prefix that last answered, per base URL. */
const answeringPrefix = new Map<string, string>();

async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_REPLY_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(all);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/** Why fetch failed, without its URL (which may carry credentials). */
function connectDetail(error: unknown): string {
  const cause = (error as Error).cause;
  const message = cause instanceof Error ? cause.message : (error as Error).message;
  return message
    .replace(/^error sending request for url \([^)]*\):\s*/, "")
    .replace(/^client error \([^)]*\):\s*/, "");
}

/** Sends the request; never throws. */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  request: ChatRequest,
): Promise<ChatOutcome> {
  const signal = AbortSignal.timeout(endpoint.timeoutS * 1000);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Accept": "application/json",
  };
  if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`;
  const body = JSON.stringify(requestBody(request));
  const clean = (text: string) => cleanDetail(text, endpoint.apiKey);
  const tried: string[] = [];
  const notFound: string[] = [];
  const prefixes = prefixOrder(answeringPrefix.get(endpoint.baseUrl) ?? null);
  for (const [i, prefix] of prefixes.entries()) {
    const url = chatCompletionsUrl(endpoint.baseUrl, prefix);
    const shown = shownUrl(url);
    tried.push(shown);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal,
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get("location") ?? "(no Location header)";
        return fail({
          kind: "redirect",
          url: shown,
          status: response.status,
          location: clean(shownUrl(new URL(location, url).href)),
        });
      }
      const text = await readCapped(response);
      if (text === null) {
        return fail({ kind: "too_large", url: shown, limitBytes: MAX_REPLY_BYTES });
      }
      const json = parseJson(text);
      if (!response.ok) {
        const detail = clean(serverSaid(json.ok ? json.value : text));
        if (response.status === 404) {
          // Both 404s are kept: the prefix that exists may be saying "no such model".
          if (detail && !notFound.includes(detail)) notFound.push(detail);
          if (i < prefixes.length - 1) continue;
        }
        return fail({
          kind: "http",
          urls: tried,
          status: response.status,
          detail: response.status === 404 ? notFound.join("; ") : detail,
          model: request.model,
          keySent: endpoint.apiKey !== null,
          retryAfter: response.headers.get("retry-after"),
        });
      }
      if (!json.ok) return fail({ kind: "malformed", url: shown, detail: clean(json.error) });
      const parsed = parseChatReply(json.value);
      if (!parsed.ok) {
        return fail(
          parsed.empty
            ? { kind: "empty_reply", url: shown, model: request.model }
            : { kind: "malformed", url: shown, detail: clean(parsed.detail) },
        );
      }
      answeringPrefix.set(endpoint.baseUrl, prefix);
      return { ok: true, url: shown, ...parsed.reply };
    } catch (e) {
      if (signal.aborted) return fail({ kind: "timeout", url: shown, seconds: endpoint.timeoutS });
      return fail({ kind: "unreachable", url: shown, detail: clean(connectDetail(e)) });
    }
  }
  // Only reached when API_PREFIXES is empty.
  return fail({ kind: "unreachable", url: tried.join(", "), detail: "no endpoint to try" });
}

function fail(failure: VlmFailure): ChatOutcome {
  return { ok: false, failure };
}
