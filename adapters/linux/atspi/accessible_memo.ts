// Remembers facts about accessibles that cost a round trip and almost never
// change (key bindings, range limits). libatspi keeps one object per remote
// accessible while it lives, so its address identifies it; role and name join
// the key so a recycled address cannot inherit another widget's facts.

import type { Accessible } from "./connection.ts";

const LIMIT = 50_000;

export class AccessibleMemo<T> {
  private readonly facts = new Map<string, T>();

  get(accessible: Accessible, role: number, name: string, compute: () => T): T {
    const key = `${Deno.UnsafePointer.value(accessible)}|${role}|${name}`;
    if (this.facts.has(key)) return this.facts.get(key)!;
    const value = compute();
    if (this.facts.size >= LIMIT) this.facts.clear();
    this.facts.set(key, value);
    return value;
  }
}
