// Everything a trace holds is untrusted text (window titles, typed text,
// selectors an agent chose): it reaches the report only through these
// functions, never as markup.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

/** Any value as pretty JSON, escaped for a <pre>. */
export function jsonHtml(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2) ?? "undefined");
}
