// A loaded scenario as the mock's world: the engine's windows and trees
// (secrets masked) and its reactions. An input a reaction handled reports
// `scenario_reaction: true` instead of the note.

import type { ActionOutcome, InputAction } from "../types.ts";
import type { Bounds, Element, WindowInfo } from "../../lib/model/tree.ts";
import { ScenarioEngine } from "./scenario/engine.ts";
import type { Scenario } from "../../lib/model/scenario.ts";
import { MOCK_NOTE, type MockWorld } from "./world.ts";

export class ScenarioWorld implements MockWorld {
  readonly engine: ScenarioEngine;

  constructor(scenario: Scenario, nonce: string) {
    this.engine = new ScenarioEngine(scenario, nonce);
  }

  get revision(): number {
    return this.engine.revision;
  }

  listWindows(): WindowInfo[] {
    return this.engine.windows();
  }

  tree(handle: string | null): Element {
    return this.engine.tree(handle);
  }

  paintOrder(): Array<{ bounds: Bounds; root: Element }> {
    return this.engine.paintOrder();
  }

  input(action: InputAction, handle: string | null): ActionOutcome {
    return this.engine.apply(action, handle)
      ? { ok: true, details: { scenario_reaction: true } }
      : { ok: true, note: MOCK_NOTE };
  }

  windowsAbove(handle: string): Bounds[] {
    return this.engine.windowsAbove(handle);
  }
}
