// The process's libatspi connection: initialisation, the desktop, the GLib pump and
// typed accessors that free what they receive. Lives in the AT-SPI host process
// only (adapters/linux/atspi/host.ts): libatspi is single-threaded and process-wide.

import { cString, readCString } from "../ffi/c_strings.ts";
import {
  type Atspi,
  ATSPI_APPLICATION_BUS_NAME_OFFSET,
  ATSPI_OBJECT_APP_OFFSET,
  CACHE_CHILDREN,
  CACHE_DEFAULT,
  CACHE_DESCRIBED,
  COORD_SCREEN,
  INIT_NO_BUS,
  STATE_SET_BITS_OFFSET,
} from "../ffi/atspi.ts";
import type { DBus } from "../ffi/dbus.ts";
import type { GLib } from "../ffi/glib.ts";
import { GValues } from "../ffi/glib_values.ts";
import type { Bounds } from "../../../lib/model/tree.ts";

/** AtspiScrollType: the toolkit may put the element anywhere in view. */
const SCROLL_ANYWHERE = 6;

/** libatspi's D-Bus call timeout and the longer one for apps still starting up. */
const CALL_TIMEOUT_MS = 1500;
const STARTUP_TIMEOUT_MS = 3000;
/** Bus names whose C strings are kept (see busNameText). */
const KEPT_BUS_NAMES = 64;
const pathEncoder = new TextEncoder();
/** Upper bound on events dispatched by one pump so a chatty app cannot starve requests. */
export const MAX_EVENTS_PER_PUMP = 500;

/** A failed AT-SPI call, with the D-Bus error text. */
export class AtspiCallError extends Error {}

/** The accessibility bus cannot be reached (yet): no tree, no element operations. */
export class AccessibilityBusError extends Error {}

export type Accessible = Deno.PointerObject;

/** The optional AT-SPI interfaces an accessible implements. */
export interface Interfaces {
  action: boolean;
  component: boolean;
  editableText: boolean;
  selection: boolean;
  text: boolean;
  value: boolean;
  image: boolean;
  table: boolean;
  hypertext: boolean;
  document: boolean;
}

/**
 * The unique D-Bus name of an accessible's application, read from libatspi's
 * public AtspiObject/AtspiApplication structs (no round trip); null when missing.
 */
export function busNameOf(accessible: Accessible): string | null {
  const app = new Deno.UnsafePointerView(accessible).getPointer(ATSPI_OBJECT_APP_OFFSET);
  if (app === null) return null;
  const name = new Deno.UnsafePointerView(app).getPointer(ATSPI_APPLICATION_BUS_NAME_OFFSET);
  return name === null ? null : readCString(name);
}

export class AtspiConnection {
  private readonly roleNames = new Map<number, string>();
  private desktopRef: Deno.PointerValue = null;
  /** libatspi's connection to the accessibility bus, watched to notice the bus going away. */
  private connection: Deno.PointerValue = null;

  constructor(
    readonly atspi: Atspi,
    private readonly glib: GLib,
    private readonly dbus: DBus,
    readonly values: GValues,
  ) {}

  /** Connects to the accessibility bus; throws AccessibilityBusError when it cannot be reached. */
  init(): void {
    if (this.atspi.atspi_init() === INIT_NO_BUS) {
      throw new AccessibilityBusError(
        "the accessibility bus is unreachable (is at-spi-bus-launcher running on this session?)",
      );
    }
    this.connection = this.atspi.atspi_get_a11y_bus();
    this.atspi.atspi_set_timeout(CALL_TIMEOUT_MS, STARTUP_TIMEOUT_MS);
    this.desktopRef = this.atspi.atspi_get_desktop(0);
    if (this.desktopRef === null) throw new AtspiCallError("the AT-SPI desktop is unavailable");
    // Names, roles, states and children come from a cache kept fresh by pumped events.
    this.atspi.atspi_accessible_set_cache_mask(this.desktopRef, CACHE_DEFAULT);
  }

  /**
   * Throws AccessibilityBusError once libatspi's bus connection has dropped. libatspi
   * 2.46 cannot reconnect within a process: atspi_exit leaves its application table
   * holding disposed objects, so a second atspi_init yields "The application no longer
   * exists" for every call. The host process that sees this error makes way for a
   * fresh one (adapters/linux/atspi/host_client.ts).
   */
  assertConnected(): void {
    if (this.connection !== null && this.dbus.dbus_connection_get_is_connected(this.connection)) {
      return;
    }
    throw new AccessibilityBusError(
      "the connection to the accessibility bus was lost (at-spi-bus-launcher stopped?); " +
        "trees are read again once it is back (window lists and screenshots still work)",
    );
  }

  get desktop(): Accessible {
    if (this.desktopRef === null) throw new AtspiCallError("AT-SPI is not initialised");
    return this.desktopRef;
  }

  /** Dispatches pending GLib events (D-Bus signals that update libatspi's cache). */
  pump(): number {
    let dispatched = 0;
    while (dispatched < MAX_EVENTS_PER_PUMP && this.glib.g_main_context_iteration(null, 0)) {
      dispatched++;
    }
    return dispatched;
  }

  /** Throws the pending GError, if any, as an AtspiCallError. */
  check(): void {
    const error = this.values.takeError();
    if (error !== null) throw new AtspiCallError(error);
  }

  /** The pending GError, if any, freed; for reads where a failure means "unknown". */
  failed(): boolean {
    return this.values.takeError() !== null;
  }

  ref(accessible: Accessible): Accessible {
    return this.values.ref(accessible);
  }

  unref(accessible: Deno.PointerValue): void {
    this.values.unref(accessible);
  }

  /** Read from libatspi's cache (the INTERFACES bit of the cache mask): no round trip. */
  interfaces(accessible: Accessible): Interfaces {
    const a = this.atspi;
    return {
      action: a.atspi_accessible_is_action(accessible) !== 0,
      component: a.atspi_accessible_is_component(accessible) !== 0,
      editableText: a.atspi_accessible_is_editable_text(accessible) !== 0,
      selection: a.atspi_accessible_is_selection(accessible) !== 0,
      text: a.atspi_accessible_is_text(accessible) !== 0,
      value: a.atspi_accessible_is_value(accessible) !== 0,
      image: a.atspi_accessible_is_image(accessible) !== 0,
      table: a.atspi_accessible_is_table(accessible) !== 0,
      hypertext: a.atspi_accessible_is_hypertext(accessible) !== 0,
      document: a.atspi_accessible_is_document(accessible) !== 0,
    };
  }

  /**
   * Gives an application root its own cache mask. Without one, libatspi looks the
   * desktop up (a hash lookup, a ref and an unref) on every cached read.
   */
  cacheApplication(app: Accessible): void {
    this.atspi.atspi_accessible_set_cache_mask(app, CACHE_DEFAULT);
  }

  /** Whether libatspi answers the facts describe() reads from its cache (not for TRANSIENT objects). */
  isCached(accessible: Accessible): boolean {
    return CACHE_DESCRIBED.every((flag) =>
      this.atspi._atspi_accessible_test_cache(accessible, flag) !== 0
    );
  }

  /** Whether libatspi lists the accessible's children from its cache (not for tables, menus...). */
  childrenCached(accessible: Accessible): boolean {
    return this.atspi._atspi_accessible_test_cache(accessible, CACHE_CHILDREN) !== 0;
  }

  /**
   * A new reference to libatspi's object at `bus` + `path` (the one its cache
   * fills, if it knows the object); null when the application is unknown.
   */
  accessibleAt(bus: string, path: string): Accessible | null {
    return this.atspi._atspi_ref_accessible(this.busNameText(bus), this.pathText(path));
  }

  /** Bus names as C strings, made once: a walk asks for the same few for every node. */
  private readonly busNames = new Map<string, Uint8Array<ArrayBuffer>>();

  private busNameText(bus: string): Uint8Array<ArrayBuffer> {
    let text = this.busNames.get(bus);
    if (text === undefined) {
      // Applications come and go over a long run: a bounded few are kept.
      if (this.busNames.size >= KEPT_BUS_NAMES) this.busNames.clear();
      this.busNames.set(bus, text = cString(bus));
    }
    return text;
  }

  /** One buffer for an object path passed to libatspi, which copies the paths it keeps. */
  private path = new Uint8Array(256);

  private pathText(path: string): Uint8Array<ArrayBuffer> {
    // UTF-8 takes at most three bytes for a UTF-16 unit; then the NUL.
    if (this.path.length < path.length * 3 + 1) this.path = new Uint8Array(path.length * 3 + 1);
    this.path[pathEncoder.encodeInto(path, this.path).written] = 0;
    return this.path;
  }

  childCount(accessible: Accessible): number {
    const count = this.atspi.atspi_accessible_get_child_count(accessible, this.values.errorSlot);
    this.check();
    return count;
  }

  /** New references to the accessible's children; missing ones are left out. */
  children(accessible: Accessible): Accessible[] {
    const children: Accessible[] = [];
    const count = this.childCount(accessible);
    for (let i = 0; i < count; i++) {
      const child = this.child(accessible, i);
      if (child !== null) children.push(child);
    }
    return children;
  }

  /** A new reference to the child, or null when it is missing. */
  child(accessible: Accessible, index: number): Accessible | null {
    const child = this.atspi.atspi_accessible_get_child_at_index(
      accessible,
      index,
      this.values.errorSlot,
    );
    this.check();
    return child;
  }

  name(accessible: Accessible): string {
    const name = this.atspi.atspi_accessible_get_name(accessible, this.values.errorSlot);
    return this.failed() ? "" : this.values.takeString(name);
  }

  description(accessible: Accessible): string {
    const text = this.atspi.atspi_accessible_get_description(accessible, this.values.errorSlot);
    return this.failed() ? "" : this.values.takeString(text);
  }

  /** The AtspiRole number; -1 when unreadable. */
  role(accessible: Accessible): number {
    const role = this.atspi.atspi_accessible_get_role(accessible, this.values.errorSlot);
    return this.failed() ? -1 : role;
  }

  /** libatspi's role name ("push button"), cached: atspi_role_get_name allocates. */
  roleName(role: number): string {
    let name = this.roleNames.get(role);
    if (name === undefined) {
      name = this.values.takeString(this.atspi.atspi_role_get_name(role));
      this.roleNames.set(role, name);
    }
    return name;
  }

  /** The state set as a bit field indexed by AtspiStateType. */
  states(accessible: Accessible): bigint {
    const set = this.atspi.atspi_accessible_get_state_set(accessible);
    if (set === null) return 0n;
    const bits = new Deno.UnsafePointerView(set).getBigInt64(STATE_SET_BITS_OFFSET);
    this.unref(set);
    return bits;
  }

  /**
   * The unique D-Bus name of the accessible's application (":1.42"), never reused
   * on a bus, so it can key per-application memos; "" when unknown.
   */
  busName(accessible: Accessible): string {
    return busNameOf(accessible) ?? "";
  }

  processId(accessible: Accessible): number {
    const pid = this.atspi.atspi_accessible_get_process_id(accessible, this.values.errorSlot);
    return this.failed() ? 0 : pid;
  }

  /** Extents in `coordType`; null when the call fails. */
  extents(accessible: Accessible, coordType = COORD_SCREEN): Bounds | null {
    const rect = this.atspi.atspi_component_get_extents(
      accessible,
      coordType,
      this.values.errorSlot,
    );
    if (this.failed() || rect === null) {
      this.values.free(rect);
      return null;
    }
    const view = new Deno.UnsafePointerView(rect);
    const bounds = {
      x: view.getInt32(0),
      y: view.getInt32(4),
      width: view.getInt32(8),
      height: view.getInt32(12),
    };
    this.values.free(rect);
    return bounds;
  }

  actionCount(accessible: Accessible): number {
    const count = this.atspi.atspi_action_get_n_actions(accessible, this.values.errorSlot);
    return this.failed() ? 0 : count;
  }

  actionName(accessible: Accessible, index: number): string {
    const name = this.atspi.atspi_action_get_action_name(
      accessible,
      index,
      this.values.errorSlot,
    );
    return this.failed() ? "" : this.values.takeString(name);
  }

  keyBinding(accessible: Accessible, index: number): string {
    const binding = this.atspi.atspi_action_get_key_binding(
      accessible,
      index,
      this.values.errorSlot,
    );
    return this.failed() ? "" : this.values.takeString(binding);
  }

  doAction(accessible: Accessible, index: number): boolean {
    const ok = this.atspi.atspi_action_do_action(accessible, index, this.values.errorSlot);
    this.check();
    return ok !== 0;
  }

  setText(accessible: Accessible, text: string): boolean {
    const ok = this.atspi.atspi_editable_text_set_text_contents(
      accessible,
      cString(text),
      this.values.errorSlot,
    );
    this.check();
    return ok !== 0;
  }

  /** The whole text of a Text accessible; null when unreadable. */
  text(accessible: Accessible): string | null {
    const count = this.atspi.atspi_text_get_character_count(accessible, this.values.errorSlot);
    if (this.failed()) return null;
    const text = this.atspi.atspi_text_get_text(accessible, 0, count, this.values.errorSlot);
    return this.failed() ? null : this.values.takeString(text);
  }

  setValue(accessible: Accessible, value: number): boolean {
    const ok = this.atspi.atspi_value_set_current_value(accessible, value, this.values.errorSlot);
    this.check();
    return ok !== 0;
  }

  grabFocus(accessible: Accessible): boolean {
    const ok = this.atspi.atspi_component_grab_focus(accessible, this.values.errorSlot);
    this.check();
    return ok !== 0;
  }

  /** Component.ScrollTo, anywhere in view (ATSPI_SCROLL_ANYWHERE). */
  scrollTo(accessible: Accessible): boolean {
    const ok = this.atspi.atspi_component_scroll_to(
      accessible,
      SCROLL_ANYWHERE,
      this.values.errorSlot,
    );
    this.check();
    return ok !== 0;
  }

  selectChild(accessible: Accessible, index: number): boolean {
    const ok = this.atspi.atspi_selection_select_child(accessible, index, this.values.errorSlot);
    this.check();
    return ok !== 0;
  }

  close(): void {
    this.unref(this.desktopRef);
    this.desktopRef = null;
  }
}
