// One Xlib connection with the helpers every X11 module needs: atoms, window
// properties and error trapping. Xlib's default handlers exit the process on a
// BadWindow or a lost connection; ours record the error so callers can throw.

import { cString, pointerIn } from "../ffi/c_strings.ts";
import {
  ANY_PROPERTY_TYPE,
  ERROR_HANDLER_DEFINITION,
  IO_EXIT_HANDLER_DEFINITION,
  PROP_MODE_REPLACE,
  STRING_TYPE,
  SUCCESS,
  type X11,
  XERROR_CODE_OFFSET,
  XERROR_REQUEST_OFFSET,
} from "../ffi/x11.ts";

export interface XError {
  code: number;
  request: number;
}

export interface WindowProperty {
  type: bigint;
  format: 8 | 16 | 32;
  /** Raw bytes; 32-bit items arrive as 8-byte C longs. */
  bytes: Uint8Array;
  count: number;
}

/** Longest property read, in 32-bit units (titles and client lists fit easily). */
const MAX_PROPERTY_LONGS = 1n << 20n;

export class XDisplay {
  readonly root: bigint;
  readonly screen: number;
  private readonly atoms = new Map<string, bigint>();
  private lastError: XError | null = null;
  private lost = false;
  private readonly errorHandler: Deno.UnsafeCallback<typeof ERROR_HANDLER_DEFINITION>;
  private readonly exitHandler: Deno.UnsafeCallback<typeof IO_EXIT_HANDLER_DEFINITION>;

  private constructor(readonly x11: X11, readonly display: Deno.PointerObject) {
    this.root = BigInt(x11.XDefaultRootWindow(display));
    this.screen = x11.XDefaultScreen(display);
    this.errorHandler = new Deno.UnsafeCallback(ERROR_HANDLER_DEFINITION, (_display, event) => {
      const view = new Deno.UnsafePointerView(event!);
      this.lastError = {
        code: view.getUint8(XERROR_CODE_OFFSET),
        request: view.getUint8(XERROR_REQUEST_OFFSET),
      };
      return 0;
    });
    // Returning from the exit handler leaves the process alive; the display is then dead.
    this.exitHandler = new Deno.UnsafeCallback(IO_EXIT_HANDLER_DEFINITION, () => {
      this.lost = true;
    });
    x11.XSetErrorHandler(this.errorHandler.pointer);
    x11.XSetIOErrorExitHandler(display, this.exitHandler.pointer, null);
  }

  /** Connects to $DISPLAY; throws with the reason when the server is unreachable. */
  static open(x11: X11): XDisplay {
    const name = Deno.env.get("DISPLAY");
    if (!name) throw new Error("DISPLAY is not set: no X server to talk to");
    const display = x11.XOpenDisplay(cString(name));
    if (display === null) throw new Error(`cannot open X display ${name}`);
    return new XDisplay(x11, display);
  }

  get connectionLost(): boolean {
    return this.lost;
  }

  atom(name: string): bigint {
    let atom = this.atoms.get(name);
    if (atom === undefined) {
      atom = BigInt(this.x11.XInternAtom(this.display, cString(name), 0));
      this.atoms.set(name, atom);
    }
    return atom;
  }

  /** Runs `call`, flushing with XSync when `sync`, and returns the X error it caused. */
  trap<T>(call: () => T, sync = false): { value: T; error: XError | null } {
    this.lastError = null;
    const value = call();
    if (sync) this.x11.XSync(this.display, 0);
    const error = this.lastError;
    this.lastError = null;
    if (this.lost) throw new Error("the connection to the X server was lost");
    return { value, error };
  }

  /** A property's raw value, or null when unset or the window is gone. */
  property(window: bigint, name: string, type = ANY_PROPERTY_TYPE): WindowProperty | null {
    const actualType = new BigUint64Array(1);
    const actualFormat = new Int32Array(1);
    const count = new BigUint64Array(1);
    const bytesAfter = new BigUint64Array(1);
    const data = new BigUint64Array(1);
    const { value: status, error } = this.trap(() =>
      this.x11.XGetWindowProperty(
        this.display,
        window,
        this.atom(name),
        0n,
        MAX_PROPERTY_LONGS,
        0,
        type,
        actualType,
        actualFormat,
        count,
        bytesAfter,
        data,
      )
    );
    const pointer = pointerIn(data);
    try {
      if (status !== SUCCESS || error !== null || pointer === null || actualType[0] === 0n) {
        return null;
      }
      const format = actualFormat[0] as 8 | 16 | 32;
      const items = Number(count[0]);
      const itemSize = format === 32 ? 8 : format / 8;
      const bytes = new Uint8Array(
        Deno.UnsafePointerView.getArrayBuffer(pointer, items * itemSize).slice(0),
      );
      return { type: actualType[0], format, bytes, count: items };
    } finally {
      if (pointer !== null) this.x11.XFree(pointer);
    }
  }

  /** 32-bit items (windows, cardinals, atoms) of a property; [] when unset. */
  longs(window: bigint, name: string): bigint[] {
    const prop = this.property(window, name);
    if (prop === null || prop.format !== 32) return [];
    const view = new DataView(prop.bytes.buffer);
    return Array.from({ length: prop.count }, (_, i) => view.getBigUint64(i * 8, true));
  }

  /** A text property decoded as UTF-8 (`_NET_WM_NAME`) or Latin-1 (`WM_NAME`). */
  text(window: bigint, name: string): string | null {
    const prop = this.property(window, name);
    if (prop === null || prop.format !== 8) return null;
    const utf8 = prop.type === this.atom("UTF8_STRING");
    return new TextDecoder(utf8 ? "utf-8" : "latin1").decode(prop.bytes);
  }

  /** Sets an ASCII text property (STRING) on `window`; returns the X error, if any. */
  setText(window: bigint, name: string, value: string): XError | null {
    const bytes = new TextEncoder().encode(value);
    return this.trap(() =>
      this.x11.XChangeProperty(
        this.display,
        window,
        this.atom(name),
        STRING_TYPE,
        8,
        PROP_MODE_REPLACE,
        bytes,
        bytes.length,
      ), true).error;
  }

  close(): void {
    // A lost display is left alone: Xlib would only write to the dead socket.
    if (!this.lost) this.x11.XCloseDisplay(this.display);
    this.x11.XSetErrorHandler(null);
    this.errorHandler.close();
    this.exitHandler.close();
  }
}
