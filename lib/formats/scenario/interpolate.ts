// Placeholders in `set` values and window titles: `{text}` is the reaction's
// capture; `{value:<id>}` is the current value of the node with that scenario
// id (an extension, so a dialog's result can be shown by the window that
// opened it).

const VALUE_TOKEN = /\{value:([^{}]+)\}/g;

export function interpolate(
  template: string,
  capture: string | null,
  valueOf: (id: string) => string | null,
): string {
  const withText = capture === null ? template : template.replaceAll("{text}", capture);
  return withText.replace(VALUE_TOKEN, (_, id: string) => valueOf(id) ?? "");
}

/** The ids a template reads through `{value:<id>}`. */
export function referencedIds(template: string): string[] {
  return [...template.matchAll(VALUE_TOKEN)].map((m) => m[1]);
}
