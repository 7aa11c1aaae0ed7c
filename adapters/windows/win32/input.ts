// Pointer and keyboard input through SendInput: Windows queues these events
// like a real device's, so every application sees ordinary clicks and keys.

import type { ActionOutcome, InputAction, MouseButton } from "../../types.ts";
import { kernel32 } from "../ffi/kernel32.ts";
import { user32 } from "../ffi/user32.ts";
import {
  characterEvents,
  INPUT_SIZE,
  inputArray,
  keyEvent,
  mouseButton,
  mouseMove,
  wheelNotch,
} from "./input_events.ts";
import { screenBounds } from "./monitors.ts";
import { virtualKey } from "./virtual_keys.ts";

/**
 * After an action, time for the application to handle its queued messages
 * so the capture that follows sees the result (as on Linux).
 */
const SETTLE_MS = 40;
/**
 * Characters per SendInput call. One call's events are never interleaved
 * with the user's own input, so short batches keep the keyboard responsive;
 * a failed batch also tells how much text went through.
 */
const TEXT_BATCH = 32;
const DRAG_STEP_MS = 15;
const MAPVK_VK_TO_VSC = 0;
const VK_SHIFT = 0x10;
const VK_CONTROL = 0x11;
const VK_MENU = 0x12;

class InputBlocked extends Error {}

/** Buttons and virtual keys an agent pressed and has not released: let go on close. */
const heldButtons = new Set<MouseButton>();
const heldKeys = new Set<number>();

function sleep(ms: number): void {
  kernel32().Sleep(Math.max(0, Math.round(ms)));
}

/** Sends the records in one call; throws when Windows inserted fewer (UIPI, a locked desktop). */
export function sendInputs(records: Uint8Array[]): void {
  if (records.length === 0) return;
  const sent = user32().SendInput(records.length, inputArray(records), INPUT_SIZE);
  if (sent !== records.length) {
    throw new InputBlocked(
      `SendInput inserted ${sent} of ${records.length} events: input is blocked ` +
        "(the target runs at a higher integrity level, or the desktop is locked or secure)",
    );
  }
}

/** A key as the keyboard layout types it: its virtual key and the modifiers it needs. */
export interface KeyStroke {
  vk: number;
  modifiers: number[];
}

/** The stroke for a key name or character; null when the layout has no key for it. */
export function keyStroke(key: string): KeyStroke | null {
  const vk = virtualKey(key);
  if (vk !== null) return { vk, modifiers: [] };
  if (key.length !== 1) return null;
  // VkKeyScanW: the low byte is the key, the high byte the shift state it needs.
  const scan = user32().VkKeyScanW(key.charCodeAt(0));
  if (scan === -1) return null;
  const state = (scan >> 8) & 0xff;
  const modifiers = [[1, VK_SHIFT], [2, VK_CONTROL], [4, VK_MENU]]
    .filter(([bit]) => state & bit)
    .map(([, vk]) => vk);
  return { vk: scan & 0xff, modifiers };
}

function key(vk: number, down: boolean): Uint8Array {
  return keyEvent(vk, down, user32().MapVirtualKeyW(vk, MAPVK_VK_TO_VSC));
}

function move(x: number, y: number): Uint8Array {
  return mouseMove(x, y, screenBounds());
}

/** Modifiers held, the last key tapped, modifiers released in reverse. */
function chord(combo: string[]): ActionOutcome {
  const strokes = [];
  for (const name of combo) {
    const stroke = keyStroke(name);
    if (stroke === null) {
      if (combo.length === 1) return typeText(name); // a lone character not on the layout
      return { ok: false, error: `no key for '${name}' on this keyboard layout` };
    }
    strokes.push(stroke);
  }
  const last = strokes.pop()!;
  const held = [...new Set([...strokes.map((s) => s.vk), ...last.modifiers])];
  sendInputs([
    ...held.map((vk) => key(vk, true)),
    key(last.vk, true),
    key(last.vk, false),
    ...held.reverse().map((vk) => key(vk, false)),
  ]);
  return { ok: true };
}

/** Unicode text in batches; on failure says how many characters went through. */
function typeText(text: string): ActionOutcome {
  const chars = [...text];
  let typed = 0;
  try {
    while (typed < chars.length) {
      const batch = chars.slice(typed, typed + TEXT_BATCH);
      sendInputs(batch.flatMap(characterEvents));
      typed += batch.length;
    }
  } catch (e) {
    if (!(e instanceof InputBlocked)) throw e;
    return { ok: false, error: e.message, details: { typed, of: chars.length } };
  }
  return { ok: true };
}

function drag(action: Extract<InputAction, { kind: "drag" }>): ActionOutcome {
  const modifiers = [];
  for (const name of action.modifiers) {
    const stroke = keyStroke(name);
    if (stroke === null) return { ok: false, error: `no key for modifier '${name}'` };
    modifiers.push(stroke.vk);
  }
  sendInputs([
    ...modifiers.map((vk) => key(vk, true)),
    move(action.from.x, action.from.y),
    mouseButton(action.button ?? "left", true),
  ]);
  try {
    const steps = Math.max(2, Math.round(action.durationMs / DRAG_STEP_MS));
    for (let i = 1; i <= steps; i++) {
      sleep(action.durationMs / steps);
      const t = i / steps;
      sendInputs([move(
        Math.round(action.from.x + (action.to.x - action.from.x) * t),
        Math.round(action.from.y + (action.to.y - action.from.y) * t),
      )]);
    }
  } finally {
    sendInputs([
      mouseButton(action.button ?? "left", false),
      ...modifiers.reverse().map((vk) => key(vk, false)),
    ]);
  }
  return { ok: true };
}

function send(action: InputAction): ActionOutcome {
  switch (action.kind) {
    case "move":
      sendInputs([move(action.x, action.y)]);
      return { ok: true };
    case "click": {
      // One call: the clicks reach the application back to back, well inside the double-click time.
      const clicks = Array.from(
        { length: action.count },
        () => [mouseButton(action.button, true), mouseButton(action.button, false)],
      ).flat();
      if (action.count > 1 && !pointerIsAt(action.x, action.y)) {
        // A double click arrives first and presses once the application has
        // handled the arrival: under wine a move the pointer makes while the
        // last press is down (wine's own warp fed back from X) turns an edit
        // control's double-clicked word into a one-character drag.
        sendInputs([move(action.x, action.y)]);
        sleep(SETTLE_MS);
        sendInputs(clicks);
      } else sendInputs([move(action.x, action.y), ...clicks]);
      return { ok: true };
    }
    case "scroll": {
      const position = action.x !== undefined && action.y !== undefined
        ? [move(action.x, action.y)]
        : [];
      const notches = Array.from(
        { length: Math.abs(action.clicks) },
        () => wheelNotch(action.clicks > 0, action.horizontal),
      );
      sendInputs([...position, ...notches]);
      return { ok: true };
    }
    case "drag":
      return drag(action);
    case "button": {
      const position = action.x !== undefined && action.y !== undefined
        ? [move(action.x, action.y)]
        : [];
      sendInputs([...position, mouseButton(action.button, action.down)]);
      if (action.down) heldButtons.add(action.button);
      else heldButtons.delete(action.button);
      return { ok: true };
    }
    case "keys":
      if (action.combo.length === 0) return { ok: false, error: "Unsupported action: no keys" };
      return chord(action.combo);
    case "key": {
      const stroke = keyStroke(action.key);
      if (stroke === null) return { ok: false, error: `no key for '${action.key}' on this layout` };
      sendInputs([key(stroke.vk, action.down)]);
      if (action.down) heldKeys.add(stroke.vk);
      else heldKeys.delete(stroke.vk);
      return { ok: true };
    }
    case "text":
      if (action.text === "") return { ok: false, error: "Unsupported action: empty text" };
      return typeText(action.text);
  }
}

/** Releases what key_hold and mouse_button left held, so nothing stays stuck after the service. */
export function releaseHeld(): void {
  const records = [
    ...[...heldButtons].map((button) => mouseButton(button, false)),
    ...[...heldKeys].map((vk) => key(vk, false)),
  ];
  heldButtons.clear();
  heldKeys.clear();
  try {
    sendInputs(records);
  } catch (e) {
    if (!(e instanceof InputBlocked)) throw e;
  }
}

/** Where the cursor is, in virtual-screen pixels; null when Windows refuses (a secure desktop). */
export function pointerPosition(): { x: number; y: number } | null {
  const point = new Int32Array(2);
  return user32().GetCursorPos(point) ? { x: point[0], y: point[1] } : null;
}

function pointerIsAt(x: number, y: number): boolean {
  const here = pointerPosition();
  return here !== null && here.x === x && here.y === y;
}

/** Performs the action, then (unless more text follows at once) lets the application settle. */
export function performInput(action: InputAction): ActionOutcome {
  let outcome: ActionOutcome;
  try {
    outcome = send(action);
  } catch (e) {
    if (!(e instanceof InputBlocked)) throw e;
    outcome = { ok: false, error: e.message };
  }
  if (!(action.kind === "text" && action.more)) sleep(SETTLE_MS);
  return outcome;
}
