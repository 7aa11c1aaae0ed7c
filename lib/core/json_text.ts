// A result's JSON text, reusing the text of values served before unchanged.
// A view made once (lib/views/reuse.ts) is registered here: its text is made
// the first time a result carries it and reused after (a 260-node tree's JSON
// takes ~0.3 ms, most of a repeated observe's own work). Registered values
// are never changed once made, so their text stays theirs.

const reusable = new WeakSet<object>();
const texts = new WeakMap<object, string>();

/** Marks a value whose JSON text may be kept and reused as long as the value lives. */
export function reuseJsonOf(value: object): void {
  reusable.add(value);
}

const isReusable = (value: unknown): value is object =>
  typeof value === "object" && value !== null && reusable.has(value);

/** `JSON.stringify(body)`, with the kept text of registered values among its fields. */
export function resultJson(body: Record<string, unknown>): string {
  const values = Object.values(body);
  if (!values.some(isReusable)) return JSON.stringify(body);
  const fields: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    let text: string | undefined;
    if (isReusable(value)) {
      text = texts.get(value);
      if (text === undefined) texts.set(value, text = JSON.stringify(value));
    } else text = JSON.stringify(value);
    // As JSON.stringify does: fields whose value has no JSON (undefined, functions) are left out.
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(",")}}`;
}
