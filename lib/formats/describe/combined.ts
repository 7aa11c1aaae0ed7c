// The combined description: every present source as `[source]` + text,
// separated by blank lines, optionally cut to max_tokens × 4.
// The `[vlm]` text, and why it is missing when it is, come from lib/services/vlm/.

export interface DescriptionSources {
  accessibility: string;
  ocr?: string;
  vlm?: string;
}

export function combineDescription(
  sources: DescriptionSources,
  maxTokens?: number,
): { description: string; truncated: boolean } {
  const sections = (["accessibility", "ocr", "vlm"] as const)
    .filter((key) => sources[key] !== undefined)
    .map((key) => `[${key}]\n${sources[key]}`);
  const full = sections.length > 0 ? sections.join("\n\n") : "[no description available]";
  if (maxTokens === undefined) return { description: full, truncated: false };
  const limit = maxTokens * 4;
  const chars = [...full];
  if (chars.length <= limit) return { description: full, truncated: false };
  return { description: chars.slice(0, limit).join("") + "… [truncated]", truncated: true };
}
