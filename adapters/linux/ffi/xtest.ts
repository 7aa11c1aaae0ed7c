// libXtst symbols: synthetic pointer and keyboard events the server treats as real.

export const XTEST_LIBRARY = "libXtst.so.6";

const xtestSymbols = {
  XTestFakeMotionEvent: { parameters: ["pointer", "i32", "i32", "i32", "u64"], result: "i32" },
  XTestFakeButtonEvent: { parameters: ["pointer", "u32", "i32", "u64"], result: "i32" },
  XTestFakeKeyEvent: { parameters: ["pointer", "u32", "i32", "u64"], result: "i32" },
} as const;

export type XTest = Deno.DynamicLibrary<typeof xtestSymbols>["symbols"];

export function openXTest(): { xtest: XTest; close(): void } {
  const lib = Deno.dlopen(XTEST_LIBRARY, xtestSymbols);
  return { xtest: lib.symbols, close: () => lib.close() };
}
