// SendInput's INPUT records as bytes (x64 layout: sizeof(INPUT) = 40, the
// MOUSEINPUT/KEYBDINPUT union at offset 8, aligned for its ULONG_PTR).

import type { Bounds } from "../../../lib/model/tree.ts";
import type { MouseButton } from "../../types.ts";
import { controlCharacterKey } from "./virtual_keys.ts";

export const INPUT_SIZE = 40;

const INPUT_MOUSE = 0;
const INPUT_KEYBOARD = 1;

const MOUSE_DX = 8;
const MOUSE_DY = 12;
const MOUSE_DATA = 16;
const MOUSE_FLAGS = 20;

const KEY_VK = 8;
const KEY_SCAN = 10;
const KEY_FLAGS = 12;

export const MOUSEEVENTF_MOVE = 0x0001;
export const MOUSEEVENTF_WHEEL = 0x0800;
export const MOUSEEVENTF_HWHEEL = 0x1000;
export const MOUSEEVENTF_VIRTUALDESK = 0x4000;
export const MOUSEEVENTF_ABSOLUTE = 0x8000;
const BUTTON_FLAGS: Record<MouseButton, { down: number; up: number }> = {
  left: { down: 0x0002, up: 0x0004 },
  right: { down: 0x0008, up: 0x0010 },
  middle: { down: 0x0020, up: 0x0040 },
};
/** One notch of a wheel. */
export const WHEEL_DELTA = 120;

export const KEYEVENTF_EXTENDEDKEY = 0x0001;
export const KEYEVENTF_KEYUP = 0x0002;
export const KEYEVENTF_UNICODE = 0x0004;

/**
 * Keys that send an E0-prefixed scan code: without the flag the arrows, Home,
 * End, Insert, Delete, PageUp and PageDown arrive as their numeric-keypad twins.
 */
const EXTENDED_KEYS = new Set([
  0x21, // PageUp
  0x22, // PageDown
  0x23, // End
  0x24, // Home
  0x25, // Left
  0x26, // Up
  0x27, // Right
  0x28, // Down
  0x2c, // PrintScreen
  0x2d, // Insert
  0x2e, // Delete
  0x5b, // left Windows key
  0x5c, // right Windows key
  0x5d, // Applications (menu)
  0x6f, // numeric keypad divide
  0x90, // NumLock
  0xa3, // right Ctrl
  0xa5, // right Alt
]);

export function isExtendedKey(vk: number): boolean {
  return EXTENDED_KEYS.has(vk);
}

function record(type: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(INPUT_SIZE);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, type, true);
  return { bytes, view };
}

function mouse(flags: number, dx = 0, dy = 0, data = 0): Uint8Array {
  const { bytes, view } = record(INPUT_MOUSE);
  view.setInt32(MOUSE_DX, dx, true);
  view.setInt32(MOUSE_DY, dy, true);
  view.setInt32(MOUSE_DATA, data, true);
  view.setUint32(MOUSE_FLAGS, flags, true);
  return bytes;
}

/**
 * The 0..65535 value that lands on `pixel` of a span `size` pixels wide from
 * `origin`: Windows maps a value v to origin + floor(v × size / 65536), so the
 * smallest v mapping to the pixel is ceil((pixel − origin) × 65536 / size).
 */
export function normalizedCoordinate(pixel: number, origin: number, size: number): number {
  const offset = Math.min(Math.max(pixel - origin, 0), size - 1);
  return Math.min(65535, Math.ceil((offset * 65536) / size));
}

/** A move to the pixel (x, y) of the virtual screen `screen`. */
export function mouseMove(x: number, y: number, screen: Bounds): Uint8Array {
  return mouse(
    MOUSEEVENTF_MOVE | MOUSEEVENTF_ABSOLUTE | MOUSEEVENTF_VIRTUALDESK,
    normalizedCoordinate(x, screen.x, screen.width),
    normalizedCoordinate(y, screen.y, screen.height),
  );
}

export function mouseButton(button: MouseButton, down: boolean): Uint8Array {
  const flags = BUTTON_FLAGS[button];
  return mouse(down ? flags.down : flags.up);
}

/** One wheel notch: up (away from the user) when `up`, else down; `horizontal`: right, else left. */
export function wheelNotch(up: boolean, horizontal = false): Uint8Array {
  return mouse(
    horizontal ? MOUSEEVENTF_HWHEEL : MOUSEEVENTF_WHEEL,
    0,
    0,
    up ? WHEEL_DELTA : -WHEEL_DELTA,
  );
}

/** A virtual key going down or up; `scan` is its hardware scan code when known. */
export function keyEvent(vk: number, down: boolean, scan = 0): Uint8Array {
  const { bytes, view } = record(INPUT_KEYBOARD);
  view.setUint16(KEY_VK, vk, true);
  view.setUint16(KEY_SCAN, scan, true);
  const flags = (isExtendedKey(vk) ? KEYEVENTF_EXTENDEDKEY : 0) | (down ? 0 : KEYEVENTF_KEYUP);
  view.setUint32(KEY_FLAGS, flags, true);
  return bytes;
}

function unicodeUnit(unit: number, down: boolean): Uint8Array {
  const { bytes, view } = record(INPUT_KEYBOARD);
  view.setUint16(KEY_SCAN, unit, true);
  view.setUint32(KEY_FLAGS, KEYEVENTF_UNICODE | (down ? 0 : KEYEVENTF_KEYUP), true);
  return bytes;
}

/**
 * The events typing one character (a code point): Enter, Tab and Backspace
 * as their keys, anything else as UTF-16 code units, each pressed and
 * released (a surrogate pair is two units).
 */
export function characterEvents(char: string): Uint8Array[] {
  const vk = controlCharacterKey(char);
  if (vk !== null) return [keyEvent(vk, true), keyEvent(vk, false)];
  const events = [];
  for (let i = 0; i < char.length; i++) {
    const unit = char.charCodeAt(i);
    events.push(unicodeUnit(unit, true), unicodeUnit(unit, false));
  }
  return events;
}

/** Records laid end to end, as SendInput's array. */
export function inputArray(records: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(records.length * INPUT_SIZE);
  records.forEach((r, i) => out.set(r, i * INPUT_SIZE));
  return out;
}
