// Top-level windows read once and kept until an X event says something about
// them changed. Listing the windows and reading the one a capture targets
// used to ask the X server 20–30 questions per observe (about 1.3 ms);
// with the watch an unchanged desktop costs one round trip (XSync, ~20 µs),
// which also brings in every event the server sent before it, so an answer
// is never older than the call.

import type { WindowInfo } from "../../../lib/model/tree.ts";
import {
  DESTROY_NOTIFY,
  DESTROYED_WINDOW_OFFSET,
  FOCUS_CHANGE_MASK,
  FOCUS_IN,
  FOCUS_OUT,
  PROPERTY_ATOM_OFFSET,
  PROPERTY_CHANGE_MASK,
  PROPERTY_NOTIFY,
  QUEUED_AFTER_READING,
  STRUCTURE_NOTIFY_MASK,
  SUBSTRUCTURE_NOTIFY_MASK,
  XEVENT_SIZE,
} from "../ffi/x11.ts";
import type { XDisplay } from "./display.ts";
import {
  activeWindow,
  clientWindows,
  describeWindow,
  focusedClient,
  readWindow,
  type WindowReading,
} from "./windows.ts";

/**
 * Every property a reading or the list depends on. Others (GTK's user time on
 * every key press, opaque regions) change nothing we keep.
 */
const READ_PROPERTIES = [
  "_NET_CLIENT_LIST",
  "_NET_ACTIVE_WINDOW",
  "_NET_WM_NAME",
  "WM_NAME",
  "_NET_WM_PID",
  "_NET_FRAME_EXTENTS",
  "WM_CLASS",
];

/**
 * The root's children are the managers' frames (their moves and restacking),
 * popups and override-redirect windows; its properties list the clients and
 * the active one.
 */
const ROOT_EVENTS = BigInt(SUBSTRUCTURE_NOTIFY_MASK | PROPERTY_CHANGE_MASK);
/**
 * A client's own size and place within its frame, its title and frame
 * extents, and the input focus entering or leaving it (or a child of it).
 */
const WINDOW_EVENTS = BigInt(STRUCTURE_NOTIFY_MASK | PROPERTY_CHANGE_MASK | FOCUS_CHANGE_MASK);

export class WindowWatch {
  private clients: bigint[] | null = null;
  private active: bigint | null = null;
  /** The client with the input focus; undefined until asked again. */
  private focus: bigint | null | undefined = undefined;
  private readonly readings = new Map<bigint, WindowReading | null>();
  /** Windows whose events this connection receives. */
  private readonly watched = new Set<bigint>();
  private readonly readAtoms: Set<bigint>;
  private readonly event = new Uint8Array(XEVENT_SIZE);
  private readonly eventView = new DataView(this.event.buffer);

  constructor(private readonly x: XDisplay) {
    x.trap(() => x.x11.XSelectInput(x.display, x.root, ROOT_EVENTS), true);
    this.readAtoms = new Set(READ_PROPERTIES.map((name) => x.atom(name)));
  }

  /** The managed windows in `_NET_CLIENT_LIST` order, as of now; vanished ones are left out. */
  list(): WindowInfo[] {
    const managed = this.managed();
    const focus = { active: this.activeWindow(), keyboard: this.keyboardWindow() };
    return managed.map(({ id, reading }) => describeWindow(id, reading, focus));
  }

  /** The managed windows' readings in `_NET_CLIENT_LIST` order, as of now. */
  managed(): Array<{ id: bigint; reading: WindowReading }> {
    this.catchUp();
    return this.clientList().flatMap((id) => {
      const reading = this.reading(id);
      return reading === null ? [] : [{ id, reading }];
    });
  }

  /** The window's reading as of now; null once it is gone. */
  current(id: bigint): WindowReading | null {
    this.catchUp();
    return this.reading(id);
  }

  /** The window the manager calls active, as of now. */
  activeNow(): bigint | null {
    this.catchUp();
    return this.activeWindow();
  }

  /**
   * Reads what the socket holds without a round trip and drops what the
   * events outdate: Xlib queues events until they are read, so an idle
   * service calls this now and then to keep the queue short.
   */
  drain(): void {
    const { x11, display } = this.x;
    while (x11.XEventsQueued(display, QUEUED_AFTER_READING) > 0) {
      x11.XNextEvent(display, this.event);
      this.apply();
    }
  }

  /** One round trip: every event the server sent before it is then queued, and applied. */
  private catchUp(): void {
    this.x.trap(() => this.x.x11.XSync(this.x.display, 0));
    this.drain();
  }

  private apply(): void {
    const type = this.eventView.getInt32(0, true);
    // The input focus moved (GTK moves it within a window too): nothing read changed.
    if (type === FOCUS_IN || type === FOCUS_OUT) {
      this.focus = undefined;
      return;
    }
    if (type === PROPERTY_NOTIFY) {
      if (!this.readAtoms.has(this.eventView.getBigUint64(PROPERTY_ATOM_OFFSET, true))) return;
    } else if (type === DESTROY_NOTIFY) {
      this.watched.delete(this.eventView.getBigUint64(DESTROYED_WINDOW_OFFSET, true));
    }
    // Anything else moved, resized, mapped, restacked or renamed a window: read again.
    this.clients = null;
    this.active = null;
    this.focus = undefined;
    this.readings.clear();
  }

  private clientList(): bigint[] {
    if (this.clients === null) {
      this.clients = clientWindows(this.x);
      this.active = activeWindow(this.x);
    }
    return this.clients;
  }

  private activeWindow(): bigint | null {
    this.clientList();
    return this.active;
  }

  /** The client keys go to, read after every client is watched (so a later move is an event). */
  private keyboardWindow(): bigint | null {
    if (this.focus === undefined) this.focus = focusedClient(this.x, this.clientList());
    return this.focus;
  }

  private reading(id: bigint): WindowReading | null {
    const known = this.readings.get(id);
    if (known !== undefined) return known;
    // Watched before it is read, so a change right after the read is an event.
    if (!this.watched.has(id)) {
      const { error } = this.x.trap(
        () => this.x.x11.XSelectInput(this.x.display, id, WINDOW_EVENTS),
        true,
      );
      if (error !== null) return null;
      this.watched.add(id);
    }
    const reading = readWindow(this.x, id);
    this.readings.set(id, reading);
    return reading;
  }
}
