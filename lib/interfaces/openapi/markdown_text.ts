// Markdown text helpers: table cells, escaping outside code spans, anchors.

/** Escapes what Markdown would take for HTML or a table border, leaving `code` alone. */
export function escapeText(text: string): string {
  return text.split(/(`[^`]*`)/).map((part, i) =>
    i % 2 === 1 ? part : part.replace(/</g, "&lt;").replace(/>/g, "&gt;")
  ).join("");
}

/** One table cell: escaped, on one line, pipes escaped (in code spans too, as GitHub needs). */
export function cell(text: string): string {
  return escapeText(text).replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
export function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

export function code(text: string): string {
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}
