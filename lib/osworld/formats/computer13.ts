// OSWorld's "computer_13" action space: JSON objects such as
// {"action_type": "CLICK", "parameters": {"x": 10, "y": 20}} → AgentActions.
// Validation is all or nothing, like the pyautogui parser.

import { z } from "zod";
import type { AgentAction } from "./agent_action.ts";
import { mapPyautoguiKey } from "./pyautogui_keys.ts";

export const MAX_COMPUTER13_ACTIONS = 200;
/** OSWorld's controller drags over one second. */
const DRAG_DURATION_MS = 1000;

const coordinate = (axis: string) =>
  z.number().finite().min(-100_000).max(100_000).describe(`${axis} coordinate in screen pixels`);
const button = z.enum(["left", "right", "middle"]).describe("mouse button; left when omitted");
const keyName = z.string().min(1).max(32).describe("a pyautogui key name such as 'enter' or 'a'");
const noParameters = z.object({}).strict().optional().describe("no parameters");

const action = <T extends string, P extends z.ZodType>(type: T, parameters: P, what: string) =>
  z.object({
    action_type: z.literal(type).describe(what),
    parameters,
  }).strict().describe(`${type}: ${what}`);

export const Computer13ActionSchema = z.discriminatedUnion("action_type", [
  action(
    "MOVE_TO",
    z.object({ x: coordinate("x"), y: coordinate("y") }).strict().describe("where to move"),
    "move the pointer",
  ),
  action(
    "CLICK",
    z.object({
      button: button.optional(),
      x: coordinate("x").optional(),
      y: coordinate("y").optional(),
      num_clicks: z.number().int().min(1).max(3).optional().describe(
        "1, 2 or 3 clicks; 1 when omitted",
      ),
    }).strict().optional().describe(
      "where and how to click; the current position when x/y are omitted",
    ),
    "click",
  ),
  action(
    "MOUSE_DOWN",
    z.object({ button: button.optional() }).strict().optional().describe("which button to press"),
    "press a mouse button",
  ),
  action(
    "MOUSE_UP",
    z.object({ button: button.optional() }).strict().optional().describe("which button to release"),
    "release a mouse button",
  ),
  action(
    "RIGHT_CLICK",
    z.object({ x: coordinate("x").optional(), y: coordinate("y").optional() }).strict().optional()
      .describe("where to right-click; the current position when omitted"),
    "right-click",
  ),
  action(
    "DOUBLE_CLICK",
    z.object({ x: coordinate("x").optional(), y: coordinate("y").optional() }).strict().optional()
      .describe("where to double-click; the current position when omitted"),
    "double-click",
  ),
  action(
    "DRAG_TO",
    z.object({ x: coordinate("x"), y: coordinate("y") }).strict().describe("where to drag to"),
    "drag with the left button from the current position",
  ),
  action(
    "SCROLL",
    z.object({
      dx: z.number().int().min(-10_000).max(10_000).describe(
        "horizontal wheel clicks; positive scrolls right",
      ),
      dy: z.number().int().min(-10_000).max(10_000).describe(
        "vertical wheel clicks; positive scrolls up",
      ),
    }).strict().describe("how far to scroll"),
    "turn the mouse wheel",
  ),
  action(
    "TYPING",
    z.object({ text: z.string().max(64 * 1024).describe("text to type literally") }).strict()
      .describe("what to type"),
    "type text",
  ),
  action(
    "PRESS",
    z.object({ key: keyName }).strict().describe("which key"),
    "press and release a key",
  ),
  action("KEY_DOWN", z.object({ key: keyName }).strict().describe("which key"), "hold a key down"),
  action("KEY_UP", z.object({ key: keyName }).strict().describe("which key"), "release a held key"),
  action(
    "HOTKEY",
    z.object({
      keys: z.array(keyName).min(1).max(8).describe("pyautogui key names, modifiers first"),
    }).strict().describe("the chord"),
    "press a key chord",
  ),
  action("WAIT", noParameters, "wait for the screen to change"),
  action("FAIL", noParameters, "declare the task infeasible"),
  action("DONE", noParameters, "declare the task finished"),
]).describe("one computer_13 action");

export type Computer13Action = z.infer<typeof Computer13ActionSchema>;

export interface Computer13Error {
  message: string;
  /** Where in the input: action index first, then the field ("0.parameters.key"); "" for the whole input. */
  path: string;
}

export type Computer13Result =
  | { ok: true; actions: AgentAction[] }
  | { ok: false; error: Computer13Error };

const CONTROL_WORDS = new Set(["WAIT", "DONE", "FAIL"]);
const JSON_FENCE = /```json\s*\n([\s\S]*?)```/g;

class Computer13Failure extends Error {
  constructor(readonly detail: Computer13Error) {
    super(detail.message);
  }
}

function refuse(path: string, message: string): never {
  throw new Computer13Failure({ message, path });
}

/**
 * Accepts one action object, a list of them, the bare words WAIT/DONE/FAIL, or
 * an agent's text holding JSON (in ```json fences or as the whole text).
 */
export function parseComputer13(input: unknown): Computer13Result {
  try {
    const items = typeof input === "string" ? fromText(input) : [input].flat();
    if (items.length > MAX_COMPUTER13_ACTIONS) {
      refuse("", `more than ${MAX_COMPUTER13_ACTIONS} actions`);
    }
    return { ok: true, actions: items.map((item, index) => toAction(item, String(index))) };
  } catch (error) {
    if (error instanceof Computer13Failure) return { ok: false, error: error.detail };
    throw error;
  }
}

function fromText(text: string): unknown[] {
  const trimmed = text.trim();
  if (CONTROL_WORDS.has(trimmed)) return [trimmed];
  if (trimmed.length > 256 * 1024) refuse("", "the text is too long");
  const blocks = [...trimmed.matchAll(JSON_FENCE)].map((match) => match[1]);
  return (blocks.length > 0 ? blocks : [trimmed]).flatMap((block) => [parseJson(block)].flat());
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return refuse("", "the text holds no valid computer_13 JSON");
  }
}

function toAction(item: unknown, path: string): AgentAction {
  if (typeof item === "string" && CONTROL_WORDS.has(item)) {
    return controlWord(item as "WAIT" | "DONE" | "FAIL");
  }
  // Only plain JSON data: zod would also read fields inherited from a crafted prototype.
  const prototype = typeof item === "object" && item !== null ? Object.getPrototypeOf(item) : null;
  if (prototype !== null && prototype !== Object.prototype) {
    refuse(path, "an action must be a plain JSON object");
  }
  const parsed = Computer13ActionSchema.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    refuse([path, ...issue.path.map(String)].join("."), issue.message);
  }
  return convert(parsed.data, path);
}

function controlWord(word: "WAIT" | "DONE" | "FAIL"): AgentAction {
  return { kind: word === "WAIT" ? "wait" : word === "DONE" ? "done" : "fail" };
}

function convert(action: Computer13Action, path: string): AgentAction {
  switch (action.action_type) {
    case "MOVE_TO":
      return { kind: "move", at: { x: action.parameters.x, y: action.parameters.y } };
    case "CLICK": {
      const p = action.parameters ?? {};
      return {
        kind: "click",
        ...optionalPoint(p.x, p.y, path),
        button: p.button ?? "left",
        count: p.num_clicks ?? 1,
      };
    }
    case "MOUSE_DOWN":
    case "MOUSE_UP":
      return {
        kind: action.action_type === "MOUSE_DOWN" ? "mouse_down" : "mouse_up",
        button: action.parameters?.button ?? "left",
      };
    case "RIGHT_CLICK":
    case "DOUBLE_CLICK": {
      const p = action.parameters ?? {};
      const right = action.action_type === "RIGHT_CLICK";
      return {
        kind: "click",
        ...optionalPoint(p.x, p.y, path),
        button: right ? "right" : "left",
        count: right ? 1 : 2,
      };
    }
    case "DRAG_TO":
      return {
        kind: "drag",
        to: { x: action.parameters.x, y: action.parameters.y },
        button: "left",
        durationMs: DRAG_DURATION_MS,
      };
    case "SCROLL":
      return { kind: "scroll", dx: action.parameters.dx, dy: action.parameters.dy };
    case "TYPING":
      return { kind: "type", text: action.parameters.text };
    case "PRESS":
      return {
        kind: "press",
        keys: [key(action.parameters.key, `${path}.parameters.key`)],
        presses: 1,
      };
    case "KEY_DOWN":
    case "KEY_UP":
      return {
        kind: action.action_type === "KEY_DOWN" ? "key_down" : "key_up",
        key: key(action.parameters.key, `${path}.parameters.key`),
      };
    case "HOTKEY":
      return {
        kind: "hotkey",
        keys: action.parameters.keys.map((k, i) => key(k, `${path}.parameters.keys.${i}`)),
      };
    default:
      return controlWord(action.action_type);
  }
}

function optionalPoint(x: number | undefined, y: number | undefined, path: string) {
  if (x === undefined && y === undefined) return {};
  if (x === undefined || y === undefined) {
    refuse(`${path}.parameters`, "give both x and y, or neither");
  }
  return { at: { x, y } };
}

function key(name: string, path: string): string {
  const mapped = mapPyautoguiKey(name);
  return mapped.ok ? mapped.key : refuse(path, mapped.message);
}
