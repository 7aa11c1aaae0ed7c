// Ownership helpers for values libatspi hands back: strings to g_free, GErrors to
// read and free, object references to unref. Centralised so no call site leaks.

import { pointerIn, readCString } from "./c_strings.ts";
import type { GLib, GObject } from "./glib.ts";

/** Offset of `gchar *message` in a GError (after the u32 domain and i32 code). */
const GERROR_MESSAGE_OFFSET = 8;

export class GValues {
  /** The GError** slot passed to every call that can fail; read with `takeError`. */
  readonly errorSlot = new BigUint64Array(1);

  constructor(private readonly glib: GLib, private readonly gobject: GObject) {}

  /** Returns and frees the pending GError message, or null when the last call succeeded. */
  takeError(): string | null {
    const error = pointerIn(this.errorSlot);
    if (error === null) return null;
    const messagePointer = new Deno.UnsafePointerView(error).getPointer(GERROR_MESSAGE_OFFSET);
    const message = readCString(messagePointer);
    this.glib.g_error_free(error);
    this.errorSlot[0] = 0n;
    return message || "unknown AT-SPI error";
  }

  /** Reads and frees a `gchar*`; "" for null. */
  takeString(pointer: Deno.PointerValue): string {
    if (pointer === null) return "";
    const text = readCString(pointer);
    this.glib.g_free(pointer);
    return text;
  }

  free(pointer: Deno.PointerValue): void {
    if (pointer !== null) this.glib.g_free(pointer);
  }

  /** A new reference to the same object. */
  ref(pointer: Deno.PointerObject): Deno.PointerObject {
    return this.gobject.g_object_ref(pointer)!;
  }

  unref(pointer: Deno.PointerValue): void {
    if (pointer !== null) this.gobject.g_object_unref(pointer);
  }
}
