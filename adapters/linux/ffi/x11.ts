// libX11 symbols. X `Window`, `Atom` and `KeySym` are C longs (u64); every "buffer"
// parameter is an out slot the caller allocates. Only non-variadic functions.

export const X11_LIBRARY = "libX11.so.6";

const P = "pointer" as const;
const B = "buffer" as const;

const x11Symbols = {
  XOpenDisplay: { parameters: [B], result: P },
  XCloseDisplay: { parameters: [P], result: "i32" },
  XDefaultRootWindow: { parameters: [P], result: "u64" },
  XDefaultScreen: { parameters: [P], result: "i32" },
  XDefaultVisual: { parameters: [P, "i32"], result: P },
  XDefaultDepth: { parameters: [P, "i32"], result: "i32" },
  XDisplayWidth: { parameters: [P, "i32"], result: "i32" },
  XDisplayHeight: { parameters: [P, "i32"], result: "i32" },
  XInternAtom: { parameters: [P, B, "i32"], result: "u64" },
  XGetWindowProperty: {
    parameters: [P, "u64", "u64", "i64", "i64", "i32", "u64", B, B, B, B, B],
    result: "i32",
  },
  XFree: { parameters: [P], result: "i32" },
  XChangeProperty: {
    parameters: [P, "u64", "u64", "u64", "i32", "i32", B, "i32"],
    result: "i32",
  },
  XGetGeometry: { parameters: [P, "u64", B, B, B, B, B, B, B], result: "i32" },
  XTranslateCoordinates: { parameters: [P, "u64", "u64", "i32", "i32", B, B, B], result: "i32" },
  XGetInputFocus: { parameters: [P, B, B], result: "i32" },
  XQueryTree: { parameters: [P, "u64", B, B, B, B], result: "i32" },
  XQueryPointer: { parameters: [P, "u64", B, B, B, B, B, B, B], result: "i32" },
  XGetWindowAttributes: { parameters: [P, "u64", B], result: "i32" },
  XSendEvent: { parameters: [P, "u64", "i32", "i64", B], result: "i32" },
  XFlush: { parameters: [P], result: "i32" },
  XSync: { parameters: [P, "i32"], result: "i32" },
  XSelectInput: { parameters: [P, "u64", "i64"], result: "i32" },
  XEventsQueued: { parameters: [P, "i32"], result: "i32" },
  XNextEvent: { parameters: [P, B], result: "i32" },
  XGetImage: { parameters: [P, "u64", "i32", "i32", "u32", "u32", "u64", "i32"], result: P },
  XDestroyImage: { parameters: [P], result: "i32" },
  XSetErrorHandler: { parameters: ["function"], result: P },
  XSetIOErrorExitHandler: { parameters: [P, "function", P], result: "void" },
  XStringToKeysym: { parameters: [B], result: "u64" },
  XDisplayKeycodes: { parameters: [P, B, B], result: "i32" },
  XGetKeyboardMapping: { parameters: [P, "u8", "i32", B], result: P },
  XChangeKeyboardMapping: { parameters: [P, "i32", "i32", B, "i32"], result: "i32" },
} as const;

export type X11 = Deno.DynamicLibrary<typeof x11Symbols>["symbols"];

export function openX11(): { x11: X11; close(): void } {
  const lib = Deno.dlopen(X11_LIBRARY, x11Symbols);
  return { x11: lib.symbols, close: () => lib.close() };
}

/** `int handler(Display*, XErrorEvent*)` */
export const ERROR_HANDLER_DEFINITION = { parameters: [P, P], result: "i32" } as const;
/** `void exit_handler(Display*, void*)` */
export const IO_EXIT_HANDLER_DEFINITION = { parameters: [P, P], result: "void" } as const;

/** XErrorEvent field offsets. */
export const XERROR_RESOURCE_OFFSET = 16;
export const XERROR_CODE_OFFSET = 32;
export const XERROR_REQUEST_OFFSET = 33;

/** XWindowAttributes: its size and where `map_state` sits (2 = IsViewable). */
export const WINDOW_ATTRIBUTES_SIZE = 136;
export const MAP_STATE_OFFSET = 92;
export const IS_VIEWABLE = 2;

/** XImage field offsets. */
export const XIMAGE_DATA_OFFSET = 16;
export const XIMAGE_BYTES_PER_LINE_OFFSET = 44;
export const XIMAGE_BITS_PER_PIXEL_OFFSET = 48;

export const Z_PIXMAP = 2;
export const ALL_PLANES = 0xffff_ffff_ffff_ffffn;
export const ANY_PROPERTY_TYPE = 0n;
/** XA_STRING, a predefined atom: Latin-1 text. */
export const STRING_TYPE = 31n;
/** XChangeProperty's mode that replaces the value. */
export const PROP_MODE_REPLACE = 0;
export const SUCCESS = 0;

/** An XEvent union is 24 longs. */
export const XEVENT_SIZE = 192;
export const CLIENT_MESSAGE = 33;
export const DESTROY_NOTIFY = 17;
export const FOCUS_IN = 9;
export const FOCUS_OUT = 10;
export const PROPERTY_NOTIFY = 28;
/** XPropertyEvent's atom; XDestroyWindowEvent's window (the one destroyed). */
export const PROPERTY_ATOM_OFFSET = 40;
export const DESTROYED_WINDOW_OFFSET = 40;
export const STRUCTURE_NOTIFY_MASK = 1 << 17;
export const FOCUS_CHANGE_MASK = 1 << 21;
export const SUBSTRUCTURE_NOTIFY_MASK = 1 << 19;
export const PROPERTY_CHANGE_MASK = 1 << 22;
/** XEventsQueued modes: what is queued, or after reading what the socket holds (no round trip). */
export const QUEUED_ALREADY = 0;
export const QUEUED_AFTER_READING = 1;
export const SUBSTRUCTURE_REDIRECT_AND_NOTIFY = (1 << 20) | (1 << 19);
