// Where a chat-completions request goes and with which key: Open WebUI serves
// /api/v1, everything else OpenAI-compatible /v1.

/** Tried in this order; the next one only when the previous answered 404. */
export const API_PREFIXES = ["/api/v1", "/v1"] as const;

/** The environment variable read when vlm.api_key is not set (Open WebUI's). */
export const API_KEY_ENV = "OWUI_API_KEY";

/** `{base_url without trailing /}{prefix}/chat/completions`. */
export function chatCompletionsUrl(baseUrl: string, prefix: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${prefix}/chat/completions`;
}

/**
 * The prefixes to try, the one that answered last time first: a server that
 * only has /v1 then costs one request a pass, not two.
 */
export function prefixOrder(remembered: string | null): string[] {
  const known = API_PREFIXES.find((prefix) => prefix === remembered);
  return known ? [known, ...API_PREFIXES.filter((p) => p !== known)] : [...API_PREFIXES];
}

/** The configured key, else the environment's; an empty string counts as none. */
export function apiKeyOf(
  configured: string | null,
  env: (name: string) => string | undefined,
): string | null {
  if (configured) return configured;
  return env(API_KEY_ENV) || null;
}

/** A URL as it may be shown: without user name, password, query or fragment. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    parsed.search = "";
    parsed.hash = "";
    return parsed.href;
  } catch {
    return "(invalid URL)";
  }
}
