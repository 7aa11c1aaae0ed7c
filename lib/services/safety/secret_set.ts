// The literal secrets redaction searches for, found in one pass over a text:
// secrets are bucketed by their first PREFIX characters, and a position whose
// first two characters start no secret is passed over with one numeric set
// lookup, however many secrets there are. (A regex alternating 256 secrets
// took 37 ms on a 100,000-character text.)

/** Every secret is at least this long; its first characters are its bucket. */
export const PREFIX = 4;

export class SecretSet {
  /** Insertion order, for dropping the oldest. */
  private readonly order = new Set<string>();
  /** By prefix, longest first: at a position the longest secret there wins. */
  private readonly byPrefix = new Map<string, string[]>();
  /** The first two characters of every secret, as pairCode numbers. */
  private pairs = new Set<number>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.order.size;
  }

  add(secret: string): void {
    if (secret.length < PREFIX || this.order.has(secret)) return;
    this.order.add(secret);
    const key = secret.slice(0, PREFIX);
    const bucket = [...this.byPrefix.get(key) ?? [], secret].sort((a, b) => b.length - a.length);
    this.byPrefix.set(key, bucket);
    this.pairs.add(pairCode(secret, 0));
    if (this.order.size > this.capacity) this.remove(this.order.values().next().value!);
  }

  /** `text` with every secret replaced, leftmost first, longest at a position; and how many. */
  replaceIn(text: string, replacement: string): { text: string; count: number } {
    if (this.order.size === 0 || text.length < PREFIX) return { text, count: 0 };
    let out = "";
    let copied = 0;
    let count = 0;
    for (let i = 0; i <= text.length - PREFIX;) {
      if (!this.pairs.has(pairCode(text, i))) {
        i++;
        continue;
      }
      const bucket = this.byPrefix.get(text.slice(i, i + PREFIX));
      const found = bucket?.find((secret) => text.startsWith(secret, i));
      if (found === undefined) {
        i++;
        continue;
      }
      out += text.slice(copied, i) + replacement;
      i += found.length;
      copied = i;
      count++;
    }
    return count === 0 ? { text, count } : { text: out + text.slice(copied), count };
  }

  private remove(secret: string): void {
    this.order.delete(secret);
    const key = secret.slice(0, PREFIX);
    const bucket = this.byPrefix.get(key)!.filter((s) => s !== secret);
    if (bucket.length === 0) this.byPrefix.delete(key);
    else this.byPrefix.set(key, bucket);
    this.pairs = new Set([...this.order].map((s) => pairCode(s, 0)));
  }
}

function pairCode(text: string, at: number): number {
  return text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1);
}
