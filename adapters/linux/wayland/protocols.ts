// The tables of the protocols this adapter speaks beyond the core: wlroots'
// screencopy (v3) and virtual pointer (v2), and the virtual keyboard (v1). A
// request's opcode is its index in its interface's request list, an event's
// its index among the events; signatures use libwayland's letters (i int,
// u uint, f fixed, s string, o object, n new_id, h fd, a array; "?" nullable;
// a leading number: the version that added it).

import { defineInterface, type WaylandLibraries, type WlInterface } from "../ffi/wayland.ts";

export interface Protocols {
  screencopyManager: WlInterface;
  screencopyFrame: WlInterface;
  virtualPointerManager: WlInterface;
  virtualPointer: WlInterface;
  virtualKeyboardManager: WlInterface;
  virtualKeyboard: WlInterface;
}

export const SCREENCOPY = { captureOutput: 0, captureOutputRegion: 1, destroy: 2 } as const;
export const FRAME = { copy: 0, destroy: 1, copyWithDamage: 2 } as const;
export const POINTER_MANAGER = { create: 0, destroy: 1 } as const;
export const POINTER = {
  motion: 0,
  motionAbsolute: 1,
  button: 2,
  axis: 3,
  frame: 4,
  axisSource: 5,
  axisStop: 6,
  axisDiscrete: 7,
  destroy: 8,
} as const;
export const KEYBOARD_MANAGER = { create: 0 } as const;
export const KEYBOARD = { keymap: 0, key: 1, modifiers: 2, destroy: 3 } as const;

export function defineProtocols(libs: WaylandLibraries): Protocols {
  const output = () => libs.core("wl_output");
  const seat = () => libs.core("wl_seat");
  const buffer = () => libs.core("wl_buffer");
  const p = {} as Protocols;
  p.screencopyFrame = defineInterface("zwlr_screencopy_frame_v1", 3, [
    { name: "copy", signature: "o", types: [buffer] },
    { name: "destroy", signature: "" },
    { name: "copy_with_damage", signature: "2o", types: [buffer] },
  ], [
    { name: "buffer", signature: "uuuu" },
    { name: "flags", signature: "u" },
    { name: "ready", signature: "uuu" },
    { name: "failed", signature: "" },
    { name: "damage", signature: "2uuuu" },
    { name: "linux_dmabuf", signature: "3uuu" },
    { name: "buffer_done", signature: "3" },
  ]);
  p.screencopyManager = defineInterface("zwlr_screencopy_manager_v1", 3, [
    { name: "capture_output", signature: "nio", types: [() => p.screencopyFrame, output] },
    {
      name: "capture_output_region",
      signature: "nioiiii",
      types: [() => p.screencopyFrame, output],
    },
    { name: "destroy", signature: "" },
  ], []);
  p.virtualPointer = defineInterface("zwlr_virtual_pointer_v1", 2, [
    { name: "motion", signature: "uff" },
    { name: "motion_absolute", signature: "uuuuu" },
    { name: "button", signature: "uuu" },
    { name: "axis", signature: "uuf" },
    { name: "frame", signature: "" },
    { name: "axis_source", signature: "u" },
    { name: "axis_stop", signature: "uu" },
    { name: "axis_discrete", signature: "uufi" },
    { name: "destroy", signature: "" },
  ], []);
  p.virtualPointerManager = defineInterface("zwlr_virtual_pointer_manager_v1", 2, [
    { name: "create_virtual_pointer", signature: "?on", types: [seat, () => p.virtualPointer] },
    { name: "destroy", signature: "" },
    {
      name: "create_virtual_pointer_with_output",
      signature: "2?o?on",
      types: [seat, output, () => p.virtualPointer],
    },
  ], []);
  p.virtualKeyboard = defineInterface("zwp_virtual_keyboard_v1", 1, [
    { name: "keymap", signature: "uhu" },
    { name: "key", signature: "uuu" },
    { name: "modifiers", signature: "uuuu" },
    { name: "destroy", signature: "" },
  ], []);
  p.virtualKeyboardManager = defineInterface("zwp_virtual_keyboard_manager_v1", 1, [
    { name: "create_virtual_keyboard", signature: "on", types: [seat, () => p.virtualKeyboard] },
  ], []);
  return p;
}
