// The allowed functions: their pyautogui signatures, and how a bound call
// becomes an AgentAction. Limits keep a single call from asking for absurd work.

import type { ActionPoint, AgentAction, MouseButton } from "../agent_action.ts";
import type { Token } from "./tokens.ts";
import { mapPyautoguiKey } from "../pyautogui_keys.ts";
import { type PyValue, refuse } from "./values.ts";

const MAX_COORDINATE = 100_000;
const MAX_CLICKS = 10;
const MAX_PRESSES = 100;
const MAX_SCROLL = 10_000;
const MAX_SLEEP_SECONDS = 600;
const MAX_DURATION_SECONDS = 60;

interface Signature {
  /** Parameter names in positional order. */
  params: string[];
  /** How many leading parameters have no default. */
  required: number;
  /** hotkey(*keys): every positional argument is a key. */
  variadic?: boolean;
}

const CLICK_LIKE = ["x", "y", "interval", "button", "duration", "tween"];
const SIGNATURES: Record<string, Signature> = {
  "pyautogui.click": {
    params: ["x", "y", "clicks", "interval", "button", "duration", "tween"],
    required: 0,
  },
  "pyautogui.doubleClick": { params: CLICK_LIKE, required: 0 },
  "pyautogui.tripleClick": { params: CLICK_LIKE, required: 0 },
  "pyautogui.rightClick": { params: ["x", "y", "duration"], required: 0 },
  "pyautogui.middleClick": { params: ["x", "y", "duration"], required: 0 },
  "pyautogui.moveTo": {
    params: ["x", "y", "duration", "tween", "logScreenshot", "_pause"],
    required: 0,
  },
  "pyautogui.dragTo": {
    params: ["x", "y", "duration", "tween", "button", "logScreenshot", "_pause", "mouseDownUp"],
    required: 0,
  },
  "pyautogui.mouseDown": { params: ["x", "y", "button", "duration"], required: 0 },
  "pyautogui.mouseUp": { params: ["x", "y", "button", "duration"], required: 0 },
  "pyautogui.scroll": { params: ["clicks", "x", "y"], required: 1 },
  "pyautogui.vscroll": { params: ["clicks", "x", "y"], required: 1 },
  "pyautogui.hscroll": { params: ["clicks", "x", "y"], required: 1 },
  "pyautogui.write": { params: ["message", "interval"], required: 1 },
  "pyautogui.typewrite": { params: ["message", "interval"], required: 1 },
  "pyautogui.press": { params: ["keys", "presses", "interval"], required: 1 },
  "pyautogui.hotkey": { params: ["interval"], required: 0, variadic: true },
  "pyautogui.keyDown": { params: ["key"], required: 1 },
  "pyautogui.keyUp": { params: ["key"], required: 1 },
  "time.sleep": { params: ["secs"], required: 1 },
};

export function isAllowedFunction(path: string): boolean {
  return Object.hasOwn(SIGNATURES, path);
}

export interface CallArgument {
  /** Keyword name, or undefined for a positional argument. */
  name?: Token;
  value: PyValue;
}

/** Binds the arguments like Python would, then builds the action. */
export function callToAction(path: string, at: Token, args: CallArgument[]): AgentAction {
  const bound = bind(path, SIGNATURES[path], at, args);
  return build(path, at, bound);
}

interface Bound {
  named: Map<string, PyValue>;
  rest: PyValue[];
}

function bind(path: string, signature: Signature, at: Token, args: CallArgument[]): Bound {
  const named = new Map<string, PyValue>();
  const rest: PyValue[] = [];
  let positional = 0;
  let sawKeyword = false;
  for (const arg of args) {
    if (arg.name) {
      sawKeyword = true;
      const key = arg.name.text;
      if (!signature.params.includes(key) || (signature.variadic && key !== "interval")) {
        refuse(arg.name, "keyword argument", `${path}() has no keyword argument '${key}'`);
      }
      if (named.has(key)) refuse(arg.name, "keyword argument", `'${key}' is given twice`);
      named.set(key, arg.value);
    } else if (sawKeyword) {
      refuse(arg.value.token, "argument order", "a positional argument follows a keyword one");
    } else if (signature.variadic) {
      rest.push(arg.value);
    } else {
      if (positional >= signature.params.length) {
        refuse(
          arg.value.token,
          "argument count",
          `${path}() takes at most ${signature.params.length} arguments`,
        );
      }
      const key = signature.params[positional++];
      named.set(key, arg.value);
    }
  }
  for (const key of signature.params.slice(0, signature.required)) {
    if (!named.has(key)) refuse(at, "argument count", `${path}() is missing '${key}'`);
  }
  return { named, rest };
}

function build(path: string, at: Token, { named, rest }: Bound): AgentAction {
  for (const key of ["interval", "duration"]) {
    const value = named.get(key);
    if (value) seconds(value, key, MAX_DURATION_SECONDS);
  }
  // How the pointer glides and whether a screenshot is logged change nothing the desktop sees.
  const tween = named.get("tween");
  if (tween && tween.kind !== "tween") {
    refuse(tween.token, "argument type", "tween must be pyautogui.linear or an easing function");
  }
  for (const key of ["logScreenshot", "_pause", "mouseDownUp"]) flag(named.get(key), key);
  const button = (fallback: MouseButton) => mouseButton(named.get("button"), fallback);
  const point = () => optionalPoint(named.get("x"), named.get("y"));
  switch (path) {
    case "pyautogui.click":
      return {
        kind: "click",
        ...atPoint(point()),
        button: button("left"),
        count: count(named.get("clicks"), "clicks", MAX_CLICKS),
      };
    case "pyautogui.doubleClick":
      return { kind: "click", ...atPoint(point()), button: button("left"), count: 2 };
    case "pyautogui.tripleClick":
      return { kind: "click", ...atPoint(point()), button: button("left"), count: 3 };
    case "pyautogui.rightClick":
      return { kind: "click", ...atPoint(point()), button: "right", count: 1 };
    case "pyautogui.middleClick":
      return { kind: "click", ...atPoint(point()), button: "middle", count: 1 };
    case "pyautogui.moveTo":
      return { kind: "move", at: requiredPoint(at, path, point()) };
    case "pyautogui.dragTo": {
      const duration = named.get("duration");
      // mouseDownUp=False: the button is neither pressed nor released, so the pointer only moves.
      if (flag(named.get("mouseDownUp"), "mouseDownUp") === false) {
        return { kind: "move", at: requiredPoint(at, path, point()) };
      }
      return {
        kind: "drag",
        to: requiredPoint(at, path, point()),
        button: button("left"),
        durationMs: duration
          ? Math.round(seconds(duration, "duration", MAX_DURATION_SECONDS) * 1000)
          : 0,
      };
    }
    case "pyautogui.mouseDown":
    case "pyautogui.mouseUp":
      return {
        kind: path === "pyautogui.mouseDown" ? "mouse_down" : "mouse_up",
        button: button("left"),
        ...atPoint(point()),
      };
    case "pyautogui.scroll":
    case "pyautogui.vscroll":
    case "pyautogui.hscroll": {
      const clicks = wheelClicks(named.get("clicks")!);
      const horizontal = path === "pyautogui.hscroll";
      return {
        kind: "scroll",
        dx: horizontal ? clicks : 0,
        dy: horizontal ? 0 : clicks,
        ...atPoint(point()),
      };
    }
    case "pyautogui.write":
    case "pyautogui.typewrite":
      return typing(named.get("message")!);
    case "pyautogui.press":
      return {
        kind: "press",
        keys: keyList(named.get("keys")!),
        presses: count(named.get("presses"), "presses", MAX_PRESSES),
      };
    case "pyautogui.hotkey":
      if (rest.length === 0) refuse(at, "argument count", "hotkey() needs at least one key");
      return { kind: "hotkey", keys: rest.map(key) };
    case "pyautogui.keyDown":
      return { kind: "key_down", key: key(named.get("key")!) };
    case "pyautogui.keyUp":
      return { kind: "key_up", key: key(named.get("key")!) };
    default: // time.sleep, the only other entry in SIGNATURES
      return { kind: "sleep", seconds: seconds(named.get("secs")!, "secs", MAX_SLEEP_SECONDS) };
  }
}

function atPoint(point: ActionPoint | undefined): { at?: ActionPoint } {
  return point ? { at: point } : {};
}

function requiredPoint(at: Token, path: string, point: ActionPoint | undefined): ActionPoint {
  return point ?? refuse(at, "coordinates", `${path}() needs a target: x and y, (x, y) or tag_N`);
}

/** x and y as two numbers, a single (x, y) sequence, or a set-of-marks tag; absent or None means "here". */
function optionalPoint(x: PyValue | undefined, y: PyValue | undefined): ActionPoint | undefined {
  const yGiven = y !== undefined && y.kind !== "none";
  if (x === undefined || x.kind === "none") {
    if (yGiven) refuse(y.token, "coordinates", "y is given without x");
    return undefined;
  }
  if (x.kind === "string") {
    refuse(
      x.token,
      "image locate",
      "locating an image on screen is not supported; give coordinates",
    );
  }
  if (x.kind === "tag" || x.kind === "sequence") {
    if (yGiven) refuse(y.token, "coordinates", "y is given after a point");
    if (x.kind === "tag") return { tag: x.tag };
    if (x.items.length !== 2) refuse(x.token, "coordinates", "a point needs exactly (x, y)");
    return { x: coordinate(x.items[0]), y: coordinate(x.items[1]) };
  }
  if (!yGiven) refuse(x.token, "coordinates", "x is given without y");
  return { x: coordinate(x), y: coordinate(y) };
}

function coordinate(value: PyValue): number {
  if (value.kind !== "number") refuse(value.token, "coordinates", "a coordinate must be a number");
  if (Math.abs(value.value) > MAX_COORDINATE) {
    refuse(value.token, "limit", `coordinate ${value.value} is beyond ${MAX_COORDINATE}`);
  }
  return value.value;
}

function count(value: PyValue | undefined, name: string, max: number): number {
  if (value === undefined) return 1;
  if (value.kind !== "number" || !Number.isInteger(value.value) || value.value < 1) {
    refuse(value.token, "argument type", `${name} must be a whole number of at least 1`);
  }
  if (value.value > max) refuse(value.token, "limit", `${name}=${value.value} is more than ${max}`);
  return value.value;
}

function wheelClicks(value: PyValue): number {
  if (value.kind !== "number" || !Number.isInteger(value.value)) {
    refuse(value.token, "argument type", "scroll clicks must be a whole number");
  }
  if (Math.abs(value.value) > MAX_SCROLL) {
    refuse(value.token, "limit", `scrolling ${value.value} clicks is more than ${MAX_SCROLL}`);
  }
  return value.value;
}

function seconds(value: PyValue, name: string, max: number): number {
  if (value.kind !== "number" || value.value < 0) {
    refuse(value.token, "argument type", `${name} must be a number of seconds, at least 0`);
  }
  if (value.value > max) {
    refuse(value.token, "limit", `${name}=${value.value} is more than ${max} seconds`);
  }
  return value.value;
}

/** A True / False (or None) argument; undefined when not given. */
function flag(value: PyValue | undefined, name: string): boolean | undefined {
  if (value === undefined || value.kind === "none") return undefined;
  if (value.kind !== "bool") refuse(value.token, "argument type", `${name} must be True or False`);
  return value.value;
}

function mouseButton(value: PyValue | undefined, fallback: MouseButton): MouseButton {
  if (value === undefined) return fallback;
  const name = value.kind === "string" ? value.value.toLowerCase() : "";
  if (name === "left" || name === "primary") return "left";
  if (name === "right" || name === "secondary") return "right";
  if (name === "middle") return "middle";
  return refuse(value.token, "argument type", "button must be 'left', 'right' or 'middle'");
}

/** write() types a string; typewrite() with a list presses those keys in turn (pyautogui allows both on both). */
function typing(message: PyValue): AgentAction {
  if (message.kind === "string") return { kind: "type", text: message.value };
  if (message.kind === "sequence") return { kind: "press", keys: keyList(message), presses: 1 };
  return refuse(message.token, "argument type", "message must be a string or a list of key names");
}

function keyList(value: PyValue): string[] {
  if (value.kind !== "sequence") return [key(value)];
  if (value.items.length === 0) refuse(value.token, "argument type", "the key list is empty");
  return value.items.map(key);
}

function key(value: PyValue): string {
  if (value.kind !== "string") refuse(value.token, "argument type", "a key name must be a string");
  const mapped = mapPyautoguiKey(value.value);
  if (!mapped.ok) refuse(value.token, "unknown key", mapped.message);
  return mapped.key;
}
