// What actions changed: per (window uid, scenario id), a value and/or a
// selection that replace the YAML's. Keyed by uid and id, so a later state
// that shows the same window and ids shows them too.

export interface NodeState {
  value?: string | null;
  selected?: boolean;
}

export class ValueStore {
  private readonly entries = new Map<string, NodeState>();

  private static key(uid: string, id: string): string {
    return `${uid}\u0000${id}`;
  }

  get(uid: string, id: string): NodeState | undefined {
    return this.entries.get(ValueStore.key(uid, id));
  }

  patch(uid: string, id: string, change: NodeState): void {
    const key = ValueStore.key(uid, id);
    this.entries.set(key, { ...this.entries.get(key), ...change });
  }
}

/** What a secret field shows once it holds something (the login spec's own placeholder). */
export const SECRET_MASK = "<filled>";

export function masked(value: string | null): string | null {
  return value === null || value === "" ? value : SECRET_MASK;
}
