// The one action vocabulary that agent outputs (pyautogui code or computer_13
// JSON) are translated into. Pure data: nothing here performs an action, so a
// parsed program can be inspected, confirmed or refused before anything runs.

/** A screen point in pixels, or a set-of-marks tag ("tag_3") still to be resolved to its box. */
export type ActionPoint = { x: number; y: number } | { tag: number };

export type MouseButton = "left" | "right" | "middle";

export type AgentAction =
  /** Move the pointer to `at` without pressing anything. */
  | { kind: "move"; at: ActionPoint }
  /** Click `count` times with `button`, at `at` or, without it, where the pointer is. */
  | { kind: "click"; at?: ActionPoint; button: MouseButton; count: number }
  /** Press (mouse_down) or release (mouse_up) `button`, after moving to `at` if given. */
  | { kind: "mouse_down" | "mouse_up"; button: MouseButton; at?: ActionPoint }
  /** Drag from the current pointer position to `to` holding `button`, over `durationMs`. */
  | { kind: "drag"; to: ActionPoint; button: MouseButton; durationMs: number }
  /**
   * Turn the wheel by whole clicks, pyautogui's convention: positive `dy` scrolls up,
   * positive `dx` scrolls right. Scrolls over `at` if given, else where the pointer is.
   */
  | { kind: "scroll"; dx: number; dy: number; at?: ActionPoint }
  /** Type `text` literally (newlines and tabs included). */
  | { kind: "type"; text: string }
  /** Press and release each of `keys` in turn (canonical key names), the whole sequence `presses` times. */
  | { kind: "press"; keys: string[]; presses: number }
  /** Hold `keys` down in order, then release them in reverse: a chord such as ctrl+shift+t. */
  | { kind: "hotkey"; keys: string[] }
  /** Hold (key_down) or release (key_up) one canonical key. */
  | { kind: "key_down" | "key_up"; key: string }
  /** Pause for `seconds`. */
  | { kind: "sleep"; seconds: number }
  /** The agent's control words: wait for the screen, the task is done, the task is infeasible. */
  | { kind: "wait" | "done" | "fail" };

/** Each kind once: a record, so a kind added to AgentAction cannot be left out here. */
const KINDS: Record<AgentAction["kind"], true> = {
  move: true,
  click: true,
  mouse_down: true,
  mouse_up: true,
  drag: true,
  scroll: true,
  type: true,
  press: true,
  hotkey: true,
  key_down: true,
  key_up: true,
  sleep: true,
  wait: true,
  done: true,
  fail: true,
};

/** Every kind of AgentAction, as results name them. */
export const AGENT_ACTION_KINDS = Object.keys(KINDS) as [
  AgentAction["kind"],
  ...AgentAction["kind"][],
];
