// Tolerant reading of a model's "JSON only" reply: models wrap it in
// ``` fences or talk around it, so the fences go, and when the whole does
// not parse, the span from the first `{` to the last `}` is tried before
// giving up.

export type JsonObjectResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: string };

/** The text without a leading ``` / ```json line and a trailing ```, trimmed. */
export function stripFences(text: string): string {
  return text.trim()
    .replace(/^```[A-Za-z0-9_-]*[ \t]*(\r?\n)?/, "")
    .replace(/(\r?\n)?[ \t]*```$/, "")
    .trim();
}

function parseObject(text: string): JsonObjectResult {
  if (text === "") return { ok: false, error: "empty response" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? { ok: true, value: value as Record<string, unknown> }
    : { ok: false, error: "top-level JSON was not an object" };
}

/** The reply's JSON object, or why there is none (the first attempt's reason). */
export function parseJsonObject(reply: string): JsonObjectResult {
  const text = stripFences(reply);
  const whole = parseObject(text);
  if (whole.ok) return whole;
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start && (start > 0 || end < text.length - 1)) {
    const inner = parseObject(text.slice(start, end + 1));
    if (inner.ok) return inner;
  }
  return whole;
}
