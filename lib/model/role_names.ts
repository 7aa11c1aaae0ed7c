// Role names in the service's vocabulary for platform roles no table names:
// the platform's role text in CamelCase.

/** "push button" → "PushButton"; "" → "Unknown". */
export function camelCase(platformName: string): string {
  const words = platformName.split(/[\s_-]+/).filter((w) => w !== "");
  if (words.length === 0) return "Unknown";
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}
