import { strict as assert } from "node:assert";
import { MODIFIERS, NAMED_KEYS } from "../../../lib/formats/keys/keys.ts";
import type { MouseButton } from "../../types.ts";
import {
  characterEvents,
  INPUT_SIZE,
  inputArray,
  isExtendedKey,
  keyEvent,
  KEYEVENTF_EXTENDEDKEY,
  KEYEVENTF_KEYUP,
  KEYEVENTF_UNICODE,
  mouseButton,
  MOUSEEVENTF_ABSOLUTE,
  MOUSEEVENTF_MOVE,
  MOUSEEVENTF_VIRTUALDESK,
  MOUSEEVENTF_WHEEL,
  mouseMove,
  normalizedCoordinate,
  wheelNotch,
} from "./input_events.ts";
import { controlCharacterKey, virtualKey } from "./virtual_keys.ts";

/** The fields of an INPUT record at their x64 offsets (winuser.h). */
function fields(bytes: Uint8Array) {
  assert.equal(bytes.length, INPUT_SIZE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  return {
    type: view.getUint32(0, true),
    padding: view.getUint32(4, true),
    mouse: {
      dx: view.getInt32(8, true),
      dy: view.getInt32(12, true),
      mouseData: view.getInt32(16, true),
      flags: view.getUint32(20, true),
      time: view.getUint32(24, true),
      extra: view.getBigUint64(32, true),
    },
    key: {
      vk: view.getUint16(8, true),
      scan: view.getUint16(10, true),
      flags: view.getUint32(12, true),
      time: view.getUint32(16, true),
      extra: view.getBigUint64(24, true),
    },
  };
}

const VIRTUAL_KEYS: Array<[string, number | null]> = [
  ["ctrl", 0x11],
  ["shift", 0x10],
  ["alt", 0x12],
  ["super", 0x5b],
  ["enter", 0x0d],
  ["tab", 0x09],
  ["escape", 0x1b],
  ["space", 0x20],
  ["backspace", 0x08],
  ["delete", 0x2e],
  ["insert", 0x2d],
  ["home", 0x24],
  ["end", 0x23],
  ["pageup", 0x21],
  ["pagedown", 0x22],
  ["up", 0x26],
  ["down", 0x28],
  ["left", 0x25],
  ["right", 0x27],
  ["menu", 0x5d],
  ["capslock", 0x14],
  ["numlock", 0x90],
  ["scrolllock", 0x91],
  ["printscreen", 0x2c],
  ["pause", 0x13],
  ["f1", 0x70],
  ["f12", 0x7b],
  ["f24", 0x87],
  ["a", 0x41],
  ["z", 0x5a],
  ["0", 0x30],
  ["9", 0x39],
  ["f25", null],
  ["+", null],
  [";", null],
  ["é", null],
  ["constructor", null],
];

Deno.test("virtual keys: named keys, letters and digits; other characters need the layout", () => {
  for (const [key, vk] of VIRTUAL_KEYS) assert.equal(virtualKey(key), vk, key);
});

Deno.test("virtual keys: every modifier and named key lib/formats/keys/keys.ts knows has one", () => {
  for (const key of [...MODIFIERS, ...NAMED_KEYS]) assert.notEqual(virtualKey(key), null, key);
});

Deno.test("virtual keys: control characters are Enter, Tab and Backspace", () => {
  const cases: Array<[string, number | null]> = [
    ["\n", 0x0d],
    ["\r", 0x0d],
    ["\t", 0x09],
    ["\b", 0x08],
    ["a", null],
    [" ", null],
  ];
  for (const [char, vk] of cases) assert.equal(controlCharacterKey(char), vk, JSON.stringify(char));
});

Deno.test("key events: vk, scan code, key-up and extended flags at their offsets", () => {
  const cases: Array<[vk: number, down: boolean, scan: number, flags: number]> = [
    [0x41, true, 0x1e, 0],
    [0x41, false, 0x1e, KEYEVENTF_KEYUP],
    [0x0d, true, 0x1c, 0],
    [0x13, true, 0x45, 0], // Pause is not extended
    [0x25, true, 0x4b, KEYEVENTF_EXTENDEDKEY], // Left
    [0x2e, false, 0x53, KEYEVENTF_EXTENDEDKEY | KEYEVENTF_KEYUP], // Delete
    [0x21, true, 0, KEYEVENTF_EXTENDEDKEY], // PageUp
    [0x5b, true, 0, KEYEVENTF_EXTENDEDKEY], // Windows key
    [0x11, true, 0x1d, 0], // VK_CONTROL is the left Ctrl
  ];
  for (const [vk, down, scan, flags] of cases) {
    const { type, padding, key } = fields(keyEvent(vk, down, scan));
    assert.equal(type, 1, "INPUT_KEYBOARD");
    assert.equal(padding, 0);
    assert.deepEqual(key, { vk, scan, flags, time: 0, extra: 0n }, `vk ${vk} down ${down}`);
  }
});

Deno.test("key events: the extended keys are the E0-prefixed ones", () => {
  const extended = ["up", "down", "left", "right", "home", "end", "pageup", "pagedown"]
    .concat(["insert", "delete", "printscreen", "numlock", "super", "menu"]);
  for (const key of [...MODIFIERS, ...NAMED_KEYS]) {
    assert.equal(isExtendedKey(virtualKey(key)!), extended.includes(key), key);
  }
});

Deno.test("normalised coordinates: every pixel maps back to itself, edges included", () => {
  // Windows maps v to origin + floor(v × size / 65536).
  const back = (v: number, origin: number, size: number) => origin + Math.floor((v * size) / 65536);
  const spans: Array<[origin: number, size: number]> = [
    [0, 1024],
    [0, 768],
    [0, 1366],
    [0, 1920],
    [-1920, 3840],
    [0, 7],
    [0, 1],
    [-1200, 5120],
  ];
  for (const [origin, size] of spans) {
    for (let pixel = origin; pixel < origin + size; pixel++) {
      const v = normalizedCoordinate(pixel, origin, size);
      assert.ok(v >= 0 && v <= 65535, `${v} out of range`);
      assert.equal(back(v, origin, size), pixel, `pixel ${pixel} of ${origin}+${size}`);
    }
  }
  const cases: Array<[pixel: number, origin: number, size: number, v: number]> = [
    [0, 0, 1024, 0],
    [1023, 0, 1024, 65472],
    [512, 0, 1024, 32768],
    [1919, 0, 1920, 65502],
    [960, 0, 1920, 32768],
    [-1920, -1920, 3840, 0],
    [0, -1920, 3840, 32768],
  ];
  for (const [pixel, origin, size, v] of cases) {
    assert.equal(normalizedCoordinate(pixel, origin, size), v, `${pixel} of ${origin}+${size}`);
  }
});

Deno.test("mouse move: absolute over the virtual desktop", () => {
  const screen = { x: -1920, y: 0, width: 3840, height: 1080 };
  const { type, mouse } = fields(mouseMove(-1, 1079, screen));
  assert.equal(type, 0, "INPUT_MOUSE");
  assert.deepEqual(mouse, {
    dx: normalizedCoordinate(-1, -1920, 3840),
    dy: normalizedCoordinate(1079, 0, 1080),
    mouseData: 0,
    flags: MOUSEEVENTF_MOVE | MOUSEEVENTF_ABSOLUTE | MOUSEEVENTF_VIRTUALDESK,
    time: 0,
    extra: 0n,
  });
  assert.equal(mouse.flags, 0xc001);
});

Deno.test("mouse buttons and wheel: flags and wheel delta", () => {
  const buttons: Array<[MouseButton, boolean, number]> = [
    ["left", true, 0x0002],
    ["left", false, 0x0004],
    ["right", true, 0x0008],
    ["right", false, 0x0010],
    ["middle", true, 0x0020],
    ["middle", false, 0x0040],
  ];
  for (const [button, down, flags] of buttons) {
    const { type, mouse } = fields(mouseButton(button, down));
    assert.equal(type, 0);
    assert.deepEqual(mouse, { dx: 0, dy: 0, mouseData: 0, flags, time: 0, extra: 0n });
  }
  assert.deepEqual(fields(wheelNotch(true)).mouse.mouseData, 120);
  assert.deepEqual(fields(wheelNotch(false)).mouse.mouseData, -120);
  assert.equal(fields(wheelNotch(false)).mouse.flags, MOUSEEVENTF_WHEEL);
});

Deno.test("characters: Unicode code units, surrogate pairs as two units, control keys", () => {
  const unicode = (unit: number, down: boolean) => ({
    vk: 0,
    scan: unit,
    flags: KEYEVENTF_UNICODE | (down ? 0 : KEYEVENTF_KEYUP),
    time: 0,
    extra: 0n,
  });
  const cases: Array<[string, ReturnType<typeof unicode>[]]> = [
    ["a", [unicode(0x61, true), unicode(0x61, false)]],
    ["é", [unicode(0xe9, true), unicode(0xe9, false)]],
    ["日", [unicode(0x65e5, true), unicode(0x65e5, false)]],
    ["𝄞", [
      unicode(0xd834, true),
      unicode(0xd834, false),
      unicode(0xdd1e, true),
      unicode(0xdd1e, false),
    ]],
    ["\n", [
      { vk: 0x0d, scan: 0, flags: 0, time: 0, extra: 0n },
      { vk: 0x0d, scan: 0, flags: KEYEVENTF_KEYUP, time: 0, extra: 0n },
    ]],
    ["\t", [
      { vk: 0x09, scan: 0, flags: 0, time: 0, extra: 0n },
      { vk: 0x09, scan: 0, flags: KEYEVENTF_KEYUP, time: 0, extra: 0n },
    ]],
  ];
  for (const [char, expected] of cases) {
    const events = characterEvents(char).map(fields);
    assert.ok(events.every((e) => e.type === 1));
    assert.deepEqual(events.map((e) => e.key), expected, JSON.stringify(char));
  }
});

Deno.test("input array: records end to end, in order", () => {
  const records = [keyEvent(0x41, true), mouseButton("left", true), keyEvent(0x41, false)];
  const array = inputArray(records);
  assert.equal(array.length, 3 * INPUT_SIZE);
  records.forEach((r, i) => {
    assert.deepEqual(array.subarray(i * INPUT_SIZE, (i + 1) * INPUT_SIZE), r);
  });
});
