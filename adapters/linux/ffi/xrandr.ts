// libXrandr symbols for the monitor layout.

export const XRANDR_LIBRARY = "libXrandr.so.2";

const xrandrSymbols = {
  XRRGetMonitors: { parameters: ["pointer", "u64", "i32", "buffer"], result: "pointer" },
  XRRFreeMonitors: { parameters: ["pointer"], result: "void" },
} as const;

export type XRandr = Deno.DynamicLibrary<typeof xrandrSymbols>["symbols"];

export function openXRandr(): { xrandr: XRandr; close(): void } {
  const lib = Deno.dlopen(XRANDR_LIBRARY, xrandrSymbols);
  return { xrandr: lib.symbols, close: () => lib.close() };
}

/** XRRMonitorInfo: 56 bytes; `primary` is a Bool, the rectangle four ints. */
export const MONITOR_INFO_SIZE = 56;
export const MONITOR_PRIMARY_OFFSET = 8;
export const MONITOR_X_OFFSET = 20;
export const MONITOR_Y_OFFSET = 24;
export const MONITOR_WIDTH_OFFSET = 28;
export const MONITOR_HEIGHT_OFFSET = 32;
