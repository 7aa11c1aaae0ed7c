// AgentActions → the service's own tool calls, planned in full before any
// runs: each call is then dispatched like any other (budgets, allow/deny,
// confirmation, audit, traces). Pure: the pointer is followed through the
// program, and set-of-marks tags are resolved by the caller's `pointOf`.

import type { ActionPoint, AgentAction } from "./agent_action.ts";

type Point = { x: number; y: number };

export type PlanStep =
  | { kind: "call"; tool: string; args: Record<string, unknown>; action: AgentAction }
  | { kind: "sleep"; seconds: number; action: AgentAction }
  | { kind: "control"; word: "WAIT" | "DONE" | "FAIL"; action: AgentAction };

/** How long OSWorld's environment pauses on WAIT. */
export const WAIT_PAUSE_S = 2;

export class PlanError extends Error {
  constructor(message: string, readonly index: number) {
    super(message);
  }
}

/**
 * One plan step per call the actions need. `pointer` is where the pointer is
 * before the first action (null: unknown, so an action that starts where the
 * pointer is must follow one that moves it).
 */
export function planActions(
  actions: readonly AgentAction[],
  pointOf: (at: ActionPoint, index: number) => Point,
  pointer: Point | null,
  /** Longest the whole program may pause (time.sleep, WAIT): the desktop is held meanwhile. */
  maxPauseS = 60,
): PlanStep[] {
  const steps: PlanStep[] = [];
  let slept = 0;
  actions.forEach((action, index) => {
    const call = (tool: string, args: Record<string, unknown>) =>
      steps.push({ kind: "call", tool, args, action });
    const at = (p: ActionPoint | undefined): Point | null => {
      if (p === undefined) return null;
      pointer = pointOf(p, index);
      return pointer;
    };
    const here = (what: string): Point => {
      if (pointer === null) {
        throw new PlanError(
          `${what} starts where the pointer is, which is not known: move first`,
          index,
        );
      }
      return pointer;
    };
    switch (action.kind) {
      case "move": {
        const p = at(action.at)!;
        call("hover_at", { ...p, hover_ms: 0 });
        break;
      }
      case "click": {
        const p = at(action.at) ?? here("a click without coordinates");
        call("click_at", { ...p, button: action.button, count: action.count });
        break;
      }
      case "mouse_down":
      case "mouse_up": {
        const p = at(action.at);
        call("mouse_button", {
          button: action.button,
          state: action.kind === "mouse_down" ? "down" : "up",
          ...p,
        });
        break;
      }
      case "drag": {
        const from = here("a drag");
        const to = at(action.to)!;
        call("drag", {
          from,
          to,
          button: action.button,
          duration_s: Math.min(10, action.durationMs / 1000),
        });
        break;
      }
      case "scroll": {
        const p = at(action.at);
        if (action.dy !== 0) call("scroll", { clicks: action.dy, ...p });
        if (action.dx !== 0) call("scroll", { clicks: action.dx, horizontal: true, ...p });
        break;
      }
      case "type":
        if (action.text !== "") call("type_text", { text: action.text });
        break;
      case "press":
        for (let i = 0; i < action.presses; i++) {
          for (const key of action.keys) {
            // press('A') and press('!') type that character, shift included.
            if ([...key].length === 1 && key !== key.toLowerCase()) {
              call("type_text", { text: key });
            } else call("press_key", { keys: key });
          }
        }
        break;
      case "hotkey":
        call("press_key", { keys: action.keys.join("+") });
        break;
      case "key_down":
      case "key_up":
        call("key_hold", { key: action.key, state: action.kind === "key_down" ? "down" : "up" });
        break;
      case "sleep":
        slept += action.seconds;
        steps.push({ kind: "sleep", seconds: action.seconds, action });
        break;
      case "wait":
        slept += WAIT_PAUSE_S;
        steps.push({ kind: "control", word: "WAIT", action });
        break;
      case "done":
      case "fail":
        steps.push({ kind: "control", word: action.kind === "done" ? "DONE" : "FAIL", action });
        break;
    }
    if (slept > maxPauseS) {
      throw new PlanError(
        `the program pauses ${slept} s in all, more than ${maxPauseS} s (osworld.max_pause_s)`,
        index,
      );
    }
  });
  return steps;
}
