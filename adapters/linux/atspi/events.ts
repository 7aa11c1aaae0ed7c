// AT-SPI events for the host's tree mirror (mirror.ts): libatspi calls back
// while GLib is pumped (and while it waits for a reply), and each event that
// may change what a capture reads is queued as the object it came from.

import { readCString } from "../ffi/c_strings.ts";
import { type AtspiConnection, busNameOf } from "./connection.ts";
import { ATSPI_OBJECT_PATH_OFFSET } from "../ffi/atspi.ts";
import type { GObject } from "../ffi/glib.ts";

/**
 * Event types a capture can depend on (a type without its last parts matches
 * them all: "object:state-changed" is every state). Caret moves and text
 * selections are left out: nothing a capture reads follows them.
 */
export const WATCHED_EVENTS = [
  "object:children-changed",
  "object:property-change",
  "object:state-changed",
  "object:bounds-changed",
  "object:text-changed",
  "object:value-changed",
  "object:attributes-changed",
  "object:visible-data-changed",
  "object:selection-changed",
  "object:model-changed",
  "object:row-inserted",
  "object:row-deleted",
  "object:row-reordered",
  "object:column-inserted",
  "object:column-deleted",
  "object:column-reordered",
  "window:",
] as const;

/** An event's object: its application's bus name and its path. */
export interface Change {
  type: string;
  bus: string;
  path: string;
  /** A bounds-changed event's rectangle ("x,y,width,height", as the toolkit reports it). */
  rect?: string;
}

/** Events kept between two drains; more means the mirror cannot tell what changed. */
const QUEUE_LIMIT = 20000;

/**
 * AtspiEvent's fields (atspi-event-listener.h): `gchar *type`, `AtspiAccessible
 * *source`, two gints, then the GValue `any_data` (its GType, then its data).
 */
const EVENT_TYPE_OFFSET = 0;
const EVENT_SOURCE_OFFSET = 8;
const EVENT_DATA_TYPE_OFFSET = 24;
const EVENT_DATA_POINTER_OFFSET = 32;

const encoder = new TextEncoder();

/** Listens to WATCHED_EVENTS and queues them until drained. */
export class EventQueue {
  private queue: Change[] = [];
  private overflowed = false;
  private readonly callback: Deno.UnsafeCallback<{
    parameters: ["pointer", "pointer"];
    result: "void";
  }>;

  private readonly rectType: number | bigint;

  constructor(private readonly session: AtspiConnection, gobject: GObject) {
    const eventType = session.atspi.atspi_event_get_type();
    this.rectType = session.atspi.atspi_rect_get_type();
    this.callback = new Deno.UnsafeCallback(
      { parameters: ["pointer", "pointer"], result: "void" } as const,
      (event) => {
        if (event === null) return;
        try {
          this.note(event);
        } catch {
          // Nothing may escape into libatspi; an unreadable event is as good as lost.
          this.overflowed = true;
        } finally {
          gobject.g_boxed_free(eventType, event);
        }
      },
    );
  }

  /** Registers for every watched type; false when libatspi refused one. */
  listen(): boolean {
    let all = true;
    for (const type of WATCHED_EVENTS) {
      const registered = this.session.atspi.atspi_event_listener_register_from_callback(
        this.callback.pointer,
        null,
        null,
        encoder.encode(type + "\0"),
        this.session.values.errorSlot,
      );
      if (this.session.failed() || !registered) all = false;
    }
    return all;
  }

  private note(event: Deno.PointerObject): void {
    const view = new Deno.UnsafePointerView(event);
    const source = view.getPointer(EVENT_SOURCE_OFFSET);
    const typePointer = view.getPointer(EVENT_TYPE_OFFSET);
    if (source === null || typePointer === null) return;
    const bus = busNameOf(source);
    const path = new Deno.UnsafePointerView(source).getPointer(ATSPI_OBJECT_PATH_OFFSET);
    if (bus === null || path === null) return;
    if (this.queue.length >= QUEUE_LIMIT) {
      this.overflowed = true;
      return;
    }
    const change: Change = { type: readCString(typePointer), bus, path: readCString(path) };
    const rect = this.rectOf(view);
    if (rect !== null) change.rect = rect;
    this.queue.push(change);
  }

  /** The rectangle an event carries (bounds-changed does), as "x,y,width,height". */
  private rectOf(event: Deno.UnsafePointerView): string | null {
    if (BigInt(event.getBigUint64(EVENT_DATA_TYPE_OFFSET)) !== BigInt(this.rectType)) return null;
    const rect = event.getPointer(EVENT_DATA_POINTER_OFFSET);
    if (rect === null) return null;
    const view = new Deno.UnsafePointerView(rect);
    return [0, 4, 8, 12].map((offset) => view.getInt32(offset)).join(",");
  }

  /** Whether an event of this application is queued. */
  pendingFrom(bus: string): boolean {
    return this.overflowed || this.queue.some((change) => change.bus === bus);
  }

  /** Marks events as lost (the bus had more to deliver than one pump took). */
  overflow(): void {
    this.overflowed = true;
  }

  /** The events since the last drain; `overflowed` when some were dropped. */
  drain(): { changes: Change[]; overflowed: boolean } {
    const drained = { changes: this.queue, overflowed: this.overflowed };
    this.queue = [];
    this.overflowed = false;
    return drained;
  }
}
