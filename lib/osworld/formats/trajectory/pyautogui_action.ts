// An input call as the pyautogui code an OSWorld agent would have sent for
// the same input, where that code is exact; otherwise our own call as a dict
// with the reason. Exact means: the same pointer and keyboard events at the
// same screen pixels (element verbs at the recorded target's centre, as our
// service clicks: x + width // 2, y + height // 2).

import type { TraceRow } from "../../../formats/trace/format.ts";
import { REDACTED_ARG } from "../../../formats/trace/row_fields.ts";
import { type Bounds, resultFacts } from "../../../formats/trace/report/result_facts.ts";
import { keysCode } from "./keys_code.ts";
import { pythonNumber, pythonString } from "./python_literal.ts";
import { pyautoguiKeys } from "../pyautogui_keys.ts";

/** A pyautogui code string, or our call kept as it was. */
export type OsworldAction = string | { tool: string; args: Record<string, unknown> };

export interface Conversion {
  action: OsworldAction;
  converted: boolean;
  /** Why the call was kept as our own (only when not converted). */
  reason?: string;
}

type Point = { x: number; y: number };
/** pyautogui code, or why there is none. */
type Code = { code: string } | { reason: string };

const NO_POINT = "no screen point was recorded (an element verb needs its target's bounds)";

/** The act-and-observe composites act exactly as the verb they wrap. */
const COMPOSITE_OF: Record<string, string> = {
  click_element_and_observe: "click_element",
  type_and_observe: "type_text",
  press_key_and_observe: "press_key",
};

const BUTTONS = new Set(["left", "right", "middle"]);
const MODIFIER_NAMES = new Set(["ctrl", "shift", "alt", "win"]);

/** pyautogui types only keys it knows: printable ASCII, tab and line breaks. */
const TYPABLE = /^[\x20-\x7e\t\n\r]*$/;

function isCoordinate(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

function pointOf(value: unknown): Point | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y } = value as Record<string, unknown>;
  return isCoordinate(x) && isCoordinate(y) ? { x, y } : null;
}

/** Where our service clicks an element (lib/model/tree.ts center); // floors like Math.floor. */
export function centreOf(b: Bounds): Point {
  return { x: b.x + Math.floor(b.width / 2), y: b.y + Math.floor(b.height / 2) };
}

/** click / rightClick / middleClick, doubleClick and tripleClick (with a button when not left). */
export function clickCode(point: Point, button: string, count: number): string {
  const at = `${point.x}, ${point.y}`;
  if (count === 1) {
    const verb = { left: "click", right: "rightClick", middle: "middleClick" }[button];
    return `pyautogui.${verb}(${at})`;
  }
  const verb = count === 2 ? "doubleClick" : "tripleClick";
  return `pyautogui.${verb}(${at}${button === "left" ? "" : `, button=${pythonString(button)}`})`;
}

function clickOrReason(point: Point | null, button: unknown, count: unknown): Code {
  if (point === null) return { reason: NO_POINT };
  const b = button ?? "left";
  const n = count ?? 1;
  if (typeof b !== "string" || !BUTTONS.has(b)) return { reason: `unknown button ${String(b)}` };
  if (n !== 1 && n !== 2 && n !== 3) return { reason: `unsupported click count ${String(n)}` };
  return { code: clickCode(point, b, n) };
}

function typedCode(args: Record<string, unknown>, key: string): Code {
  const value = args[key];
  if (args.secret === true || value === REDACTED_ARG) {
    return { reason: "the typed text was redacted in the trace" };
  }
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string") return { reason: `no ${key} was recorded` };
  if (!TYPABLE.test(text)) {
    return { reason: "pyautogui.typewrite cannot type characters outside printable ASCII" };
  }
  return { code: `pyautogui.typewrite(${pythonString(text)})` };
}

function keysOrReason(keys: unknown): Code {
  if (typeof keys !== "string") return { reason: "no keys were recorded" };
  const code = keysCode(keys);
  return code === null ? { reason: `pyautogui has no key for '${keys}'` } : { code };
}

/** Codes joined with "; " (one exec'd line), or the first reason. */
function sequence(...parts: Code[]): Code {
  const codes: string[] = [];
  for (const part of parts) {
    if ("reason" in part) return part;
    codes.push(part.code);
  }
  return { code: codes.join("; ") };
}

const SELECT_ALL_AND_DELETE: Code = {
  code: "pyautogui.hotkey('ctrl', 'a'); pyautogui.press('delete')",
};

/** drag: each end a point, or the recorded target (the service records only one end's bounds). */
function dragCode(args: Record<string, unknown>, bounds: Bounds | null): Code {
  let from = pointOf(args.from);
  let to = pointOf(args.to);
  if (from === null && to !== null && bounds) from = centreOf(bounds);
  else if (to === null && from !== null && bounds) to = centreOf(bounds);
  if (from === null || to === null) {
    return { reason: "only one element end's position is recorded for a drag" };
  }
  const keyNames: string[] = [];
  for (const modifier of Array.isArray(args.modifiers) ? args.modifiers : []) {
    const name = typeof modifier === "string" ? pyautoguiModifier(modifier) : null;
    if (name === null) return { reason: `pyautogui has no modifier key for '${String(modifier)}'` };
    keyNames.push(name);
  }
  const duration = typeof args.duration_s === "number" ? args.duration_s : 0.5;
  const button = typeof args.button === "string" ? args.button : "left";
  if (!BUTTONS.has(button)) return { reason: `unknown button ${button}` };
  const drag = `pyautogui.moveTo(${from.x}, ${from.y}); pyautogui.dragTo(${to.x}, ${to.y}, ` +
    `duration=${pythonNumber(duration)}, button=${pythonString(button)})`;
  const down = keyNames.map((k) => `pyautogui.keyDown(${pythonString(k)}); `).join("");
  const up = keyNames.toReversed().map((k) => `; pyautogui.keyUp(${pythonString(k)})`).join("");
  return { code: `${down}${drag}${up}` };
}

/** mouseDown / mouseUp, at the point when one was given. */
function buttonCode(point: Point | null, button: unknown, state: unknown): Code {
  const b = button ?? "left";
  if (typeof b !== "string" || !BUTTONS.has(b)) return { reason: `unknown button ${String(b)}` };
  const verb = state === "down" ? "mouseDown" : "mouseUp";
  const at = point ? `${point.x}, ${point.y}, ` : "";
  return { code: `pyautogui.${verb}(${at}button=${pythonString(b)})` };
}

/** keyDown / keyUp of one key as pyautogui names it. */
function keyHoldCode(key: unknown, state: unknown): Code {
  const names = typeof key === "string" ? pyautoguiKeys(key) : null;
  if (names === null || names.length !== 1) {
    return { reason: `pyautogui has no key for '${String(key)}'` };
  }
  return { code: `pyautogui.${state === "down" ? "keyDown" : "keyUp"}(${pythonString(names[0])})` };
}

/** A drag modifier ("ctrl", "Control", "cmd"...) as pyautogui's name; null if not a modifier. */
function pyautoguiModifier(modifier: string): string | null {
  const names = pyautoguiKeys(modifier);
  return names?.length === 1 && MODIFIER_NAMES.has(names[0]) ? names[0] : null;
}

function elementPoint(bounds: Bounds | null): Point | null {
  return bounds ? centreOf(bounds) : null;
}

function codeFor(
  tool: string,
  args: Record<string, unknown>,
  bounds: Bounds | null,
  screenPoint: Point | null,
): Code {
  // The receipt's screen point: the arguments may be in a scaled or normalized space.
  const point = screenPoint ?? pointOf(args);
  const at = elementPoint(bounds);
  switch (tool) {
    case "click_at":
      return clickOrReason(point, args.button, args.count ?? (args.double === true ? 2 : 1));
    case "right_click_at":
      return clickOrReason(point, "right", args.double === true ? 2 : 1);
    case "double_click_at":
      return clickOrReason(point, args.button, 2);
    case "hover_at":
    case "hover_element": {
      const p = tool === "hover_at" ? point : at;
      return p ? { code: `pyautogui.moveTo(${p.x}, ${p.y})` } : { reason: NO_POINT };
    }
    case "type_text":
      return typedCode(args, "text");
    case "press_key":
      return keysOrReason(args.keys);
    case "scroll": {
      // Both count wheel clicks with positive = up (coordinate_verbs.ts, pyautogui.scroll).
      const clicks = args.clicks ?? 3;
      if (!isCoordinate(clicks)) return { reason: "no whole number of clicks was recorded" };
      const where = point ? `, x=${point.x}, y=${point.y}` : "";
      const verb = args.horizontal === true ? "hscroll" : "scroll";
      return { code: `pyautogui.${verb}(${clicks}${where})` };
    }
    case "drag":
      return dragCode(args, bounds);
    case "mouse_button":
      return buttonCode(point, args.button, args.state);
    case "key_hold":
      return keyHoldCode(args.key, args.state);
    case "click_element":
      return clickOrReason(at, args.button, args.count);
    case "right_click_element":
      return clickOrReason(at, "right", args.count);
    case "double_click_element":
      return clickOrReason(at, args.button, 2);
    case "invoke_element":
      // The default action is what a click does (press, toggle), and a click is its fallback.
      return clickOrReason(at, "left", 1);
    case "focus_element":
      // The platform's focus operation does not press what it focuses; a click would.
      return args.method === "coordinates"
        ? clickOrReason(at, "left", 1)
        : { reason: "focus through the platform has no pyautogui equivalent" };
    case "set_value":
      // Clicked, cleared (unless clear_first is false) and typed: the service's keyboard path,
      // and the end state of its platform set-value operation.
      return sequence(
        clickOrReason(at, "left", 1),
        ...(args.clear_first === false ? [] : [SELECT_ALL_AND_DELETE]),
        typedCode(args, "value"),
      );
    case "key_into_element":
      return sequence(clickOrReason(at, "left", 1), keysOrReason(args.keys));
    case "clear_text":
      return sequence(clickOrReason(at, "left", 1), SELECT_ALL_AND_DELETE);
    case "select_option":
      return { reason: "where the chosen option was clicked is not recorded" };
    case "bring_to_foreground":
      return { reason: "raising a window has no pyautogui equivalent" };
    case "write_file":
      return { reason: "writing a file is a task's setup, not an agent's action" };
    case "run_command":
      return { reason: "a command is a task's setup or check, not an agent's action" };
    default:
      return { reason: "no pyautogui equivalent is known for this tool" };
  }
}

export function pyautoguiAction(
  row: Pick<TraceRow, "tool" | "args" | "result_summary">,
): Conversion {
  const kept = (reason: string): Conversion => ({
    action: { tool: row.tool, args: row.args },
    converted: false,
    reason,
  });
  const facts = resultFacts(row.result_summary);
  if (row.args.dry_run === true) return kept("a dry run: nothing was input");
  if (facts.ok === false) {
    return kept(
      `the call failed${facts.errorCode ? ` (${facts.errorCode})` : ""}: its input may not ` +
        "have happened",
    );
  }
  if (facts.coordinateSpace !== null && facts.coordinateSpace !== "screen" && row.tool === "drag") {
    return kept(
      `a drag in the ${facts.coordinateSpace} space: its ends are not recorded on the screen`,
    );
  }
  const code = codeFor(
    COMPOSITE_OF[row.tool] ?? row.tool,
    row.args,
    facts.bounds,
    facts.screenPoint,
  );
  return "code" in code ? { action: code.code, converted: true } : kept(code.reason);
}
