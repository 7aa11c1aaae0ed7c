// Matching and firing reactions: declaration order, first match wins;
// `set` then `transition_to`.

import { compileChecked } from "../../../lib/formats/regex/compile.ts";
import type { ScenarioEvent } from "./events.ts";
import type { Condition, Reaction } from "../../../lib/model/scenario.ts";

/** Current values as the engine sees them (secrets revealed). */
export interface Lookup {
  state: string;
  value(id: string): string | null;
  selected(id: string): boolean;
  /** The YAML name of the node with this scenario id. */
  nameOf(id: string): string | undefined;
}

export interface Match {
  reaction: Reaction;
  /** `{text}`: group 1 of text_regex, else the whole text; null without text_regex. */
  capture: string | null;
}

export function conditionHolds(c: Condition, lookup: Lookup): boolean {
  const value = lookup.value(c.id);
  if (c.value !== undefined && value !== c.value) return false;
  if (c.value_not_empty === true && (value === null || value === "")) return false;
  // Patterns were checked when the scenario was loaded.
  if (c.value_regex !== undefined && !compileChecked(c.value_regex).fullMatch(value ?? "")) {
    return false;
  }
  return c.selected === undefined || lookup.selected(c.id) === c.selected;
}

export function findReaction(
  reactions: Reaction[],
  event: ScenarioEvent,
  lookup: Lookup,
): Match | null {
  for (const reaction of reactions) {
    const on = reaction.on;
    if (on.tool !== event.tool) continue;
    if (reaction.in_state && !reaction.in_state.includes(lookup.state)) continue;
    if (on.target_id !== undefined && on.target_id !== event.targetId) continue;
    if (
      on.target_name !== undefined &&
      (event.targetId === null || lookup.nameOf(event.targetId) !== on.target_name)
    ) continue;
    let capture: string | null = null;
    if (on.text_regex !== undefined) {
      const groups = compileChecked(on.text_regex).fullMatchGroups(event.text);
      if (groups === null) continue;
      capture = (groups.length > 1 ? groups[1] : groups[0]) ?? "";
    }
    if (reaction.when.every((c) => conditionHolds(c, lookup))) return { reaction, capture };
  }
  return null;
}
