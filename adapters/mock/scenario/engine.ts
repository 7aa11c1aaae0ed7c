// A loaded scenario in motion: the current state, what actions changed, the
// keyboard target. The mock adapter routes windows, trees, screenshots and
// inputs through it while a scenario is loaded.

import { type InputAction, WindowGoneError } from "../../types.ts";
import type { Bounds, Element, WindowInfo } from "../../../lib/model/tree.ts";
import { applyEffects } from "./effects.ts";
import { type Point, pointerAfter, toEvent } from "./events.ts";
import { interpolate } from "../../../lib/formats/scenario/interpolate.ts";
import { findReaction, type Lookup, type Match } from "./reactions.ts";
import type { Scenario, ScenarioNode } from "../../../lib/model/scenario.ts";
import { masked, ValueStore } from "../../../lib/formats/scenario/values.ts";
import { buildWorld, type BuiltWindow, EMPTY_ROOT, findNode, type Focus } from "./world.ts";

function namesById(scenario: Scenario): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: ScenarioNode) => {
    if (node.id !== undefined && !names.has(node.id)) names.set(node.id, node.name);
    node.children.forEach(visit);
  };
  for (const state of Object.values(scenario.states)) {
    for (const window of state.windows) if (window.tree) visit(window.tree);
  }
  return names;
}

export class ScenarioEngine {
  private current: string;
  private readonly store = new ValueStore();
  private focus: Focus | null = null;
  private selectAll = false;
  private pointer: Point | null = null;
  private readonly names: Map<string, string>;
  private changes = 0;

  constructor(readonly scenario: Scenario, private readonly nonce: string) {
    this.current = scenario.initial_state;
    this.names = namesById(scenario);
  }

  get state(): string {
    return this.current;
  }

  /** Counts the inputs and state changes so far: equal revisions build the same world. */
  get revision(): number {
    return this.changes;
  }

  /**
   * Puts the scenario into one of its states (a replay re-synchronising to
   * its recording); values typed so far stay. False when there is no such state.
   */
  enterState(state: string): boolean {
    if (!Object.hasOwn(this.scenario.states, state)) return false;
    this.changes++;
    this.current = state;
    this.selectAll = false;
    return true;
  }

  private world(reveal: boolean, state = this.current): BuiltWindow[] {
    return buildWorld({
      scenario: this.scenario,
      state,
      store: this.store,
      focus: this.focus,
      nonce: this.nonce,
      reveal,
    });
  }

  windows(): WindowInfo[] {
    return this.world(false).map((w) => w.info);
  }

  /** A window's tree as clients see it (null handle: the first window). */
  tree(handle: string | null): Element {
    const world = this.world(false);
    if (handle === null) return world[0]?.root.element ?? structuredClone(EMPTY_ROOT);
    const window = world.find((w) => w.info.handle === handle);
    if (!window) throw new WindowGoneError(handle);
    return window.root.element;
  }

  /** Windows with their trees, bottom first (the order to paint them). */
  paintOrder(): Array<{ bounds: Bounds; root: Element }> {
    return this.world(false).reverse().map((w) => ({
      bounds: w.info.bounds,
      root: w.root.element,
    }));
  }

  /** YAML order is top to bottom: every earlier window is above. */
  windowsAbove(handle: string): Bounds[] {
    const windows = this.windows();
    const at = windows.findIndex((w) => w.handle === handle);
    return at < 0 ? [] : windows.slice(0, at).map((w) => w.bounds);
  }

  private lookup(world: BuiltWindow[]): Lookup {
    const firstUid = world[0]?.info.window_uid;
    const stored = (id: string) =>
      firstUid === undefined ? undefined : this.store.get(firstUid, id);
    return {
      state: this.current,
      value: (id) => {
        const node = findNode(world, id);
        return node ? node.element.value : stored(id)?.value ?? null;
      },
      selected: (id) => {
        const node = findNode(world, id);
        return (node ? node.element.selected : stored(id)?.selected) ?? false;
      },
      nameOf: (id) => this.names.get(id),
    };
  }

  /**
   * Applies `set`, then `transition_to`. Placeholders read values as they were
   * when the reaction fired; what came from a secret (a secret node, or text
   * typed into one) stays masked unless it is written into a secret node.
   */
  private fire({ reaction, capture }: Match, world: BuiltWindow[], secretText: boolean): void {
    const next = reaction.transition_to;
    const nextWorld = next === undefined ? [] : this.world(false, next);
    const lookup = this.lookup(world);
    for (const entry of reaction.set) {
      const node = findNode(world, entry.id) ?? findNode(nextWorld, entry.id);
      const uid = node?.uid ?? world[0]?.info.window_uid;
      if (uid === undefined) continue;
      const keepSecrets = node?.def.secret ?? false;
      const text = secretText && !keepSecrets && capture !== null ? masked(capture) : capture;
      const valueOf = (id: string) => {
        const value = lookup.value(id);
        return findNode(world, id)?.def.secret && !keepSecrets ? masked(value) : value;
      };
      this.store.patch(uid, entry.id, {
        ...(entry.value === undefined ? {} : {
          value: entry.value === null ? null : interpolate(entry.value, text, valueOf),
        }),
        ...(entry.selected === undefined ? {} : { selected: entry.selected }),
      });
    }
    if (next !== undefined) {
      this.current = next;
      this.selectAll = false;
    }
  }

  /** Applies an input; true when a reaction fired. */
  apply(action: InputAction, handle: string | null): boolean {
    this.changes++;
    const before = this.world(true);
    const event = toEvent(action, handle, before, this.focus, this.pointer);
    this.pointer = pointerAfter(action, this.pointer);
    // A disabled control ignores the action: no effect, no reaction.
    if (event.target && !event.target.def.enabled) return false;
    const editing = { store: this.store, focus: this.focus, selectAll: this.selectAll };
    applyEffects(editing, event, action);
    this.focus = editing.focus;
    this.selectAll = editing.selectAll;
    const after = this.world(true);
    const match = findReaction(this.scenario.reactions, event, this.lookup(after));
    if (!match) return false;
    this.fire(match, after, event.target?.def.secret ?? false);
    return true;
  }
}
