// One connection to the compositor through libwayland-client: the globals it
// offers, its outputs, and a dispatch loop bounded by time. Callbacks run on
// this thread, inside wl_display_dispatch_pending.

import {
  Args,
  MARSHAL_FLAG_DESTROY,
  openWayland,
  POLLIN,
  type WaylandLibraries,
  type WlInterface,
} from "../ffi/wayland.ts";
import { cString, readCString } from "../ffi/c_strings.ts";
import { defineProtocols, type Protocols } from "./protocols.ts";

const P = "pointer" as const;

export class WaylandError extends Error {}

export interface Global {
  name: number;
  interface: string;
  version: number;
}

export interface Output {
  proxy: Deno.PointerObject;
  /** The compositor's name for it (wl_output v4), e.g. HEADLESS-1. */
  name: string;
  /** Its mode, in pixels. */
  width: number;
  height: number;
  scale: number;
}

type Callback = Deno.UnsafeCallback<Deno.UnsafeCallbackDefinition>;

export class WaylandConnection {
  readonly protocols: Protocols;
  readonly globals: Global[] = [];
  readonly outputs: Output[] = [];
  /** Callbacks kept alive as long as their listeners may be called. */
  private readonly callbacks: Callback[] = [];
  private readonly registry: Deno.PointerObject;

  private constructor(
    readonly libs: WaylandLibraries,
    readonly display: Deno.PointerObject,
  ) {
    this.protocols = defineProtocols(libs);
    this.registry = this.request(display, 1, libs.core("wl_registry"), 1, new Args(1))!;
    this.listen(this.registry, [
      {
        parameters: [P, P, "u32", P, "u32"],
        fn: (_d: unknown, _r: unknown, name: number, iface: Deno.PointerValue, version: number) =>
          this.globals.push({ name, interface: readCString(iface), version }),
      },
      { parameters: [P, P, "u32"], fn: () => {} },
    ]);
  }

  /** Connects to `socket` (a name in XDG_RUNTIME_DIR or an absolute path). */
  static open(socket: string): WaylandConnection {
    const libs = openWayland();
    const display = libs.wl.wl_display_connect(cString(socket));
    if (display === null) {
      libs.close();
      throw new WaylandError(`cannot connect to the Wayland display ${socket}`);
    }
    const connection = new WaylandConnection(libs, display);
    connection.roundtrip();
    connection.bindOutputs();
    return connection;
  }

  /** The highest version both sides speak, or null when the compositor lacks it. */
  offered(name: string, want: number): { global: Global; version: number } | null {
    const global = this.globals.find((g) => g.interface === name);
    return global ? { global, version: Math.min(global.version, want) } : null;
  }

  /** Binds a global (wl_registry.bind, signature "usun"). */
  bind(name: string, iface: WlInterface, want: number): Deno.PointerObject | null {
    const found = this.offered(name, want);
    if (found === null) return null;
    const args = new Args(4).uint(0, found.global.name).string(1, name).uint(2, found.version);
    return this.request(this.registry, 0, iface, found.version, args);
  }

  /** A request; returns the new object when it creates one. */
  request(
    proxy: Deno.PointerObject,
    opcode: number,
    iface: WlInterface | null,
    version: number,
    args: Args,
    destroys = false,
  ): Deno.PointerObject | null {
    return this.libs.wl.wl_proxy_marshal_array_flags(
      proxy,
      opcode,
      iface?.pointer ?? null,
      version,
      destroys ? MARSHAL_FLAG_DESTROY : 0,
      args.buffer,
    );
  }

  /**
   * A listener table: one callback per event, in the interface's order. One
   * table may serve many proxies of an interface (attach each).
   */
  listener(
    events: Array<{ parameters: Deno.NativeType[]; fn: (...args: never[]) => void }>,
  ): Deno.PointerObject {
    const table = new BigUint64Array(events.length);
    events.forEach((event, i) => {
      const callback = new Deno.UnsafeCallback(
        { parameters: event.parameters, result: "void" } as Deno.UnsafeCallbackDefinition,
        event.fn as (...args: unknown[]) => void,
      );
      this.callbacks.push(callback);
      table[i] = BigInt(Deno.UnsafePointer.value(callback.pointer));
    });
    // The table must outlive every proxy that uses it: kept as long as the connection.
    this.tables.push(table);
    return Deno.UnsafePointer.of(table)!;
  }

  attach(proxy: Deno.PointerObject, listener: Deno.PointerObject): void {
    this.libs.wl.wl_proxy_add_listener(proxy, listener, null);
  }

  /** A listener of its own for one proxy. */
  listen(
    proxy: Deno.PointerObject,
    events: Array<{ parameters: Deno.NativeType[]; fn: (...args: never[]) => void }>,
  ): void {
    this.attach(proxy, this.listener(events));
  }

  private readonly tables: BigUint64Array[] = [];

  roundtrip(): void {
    if (this.libs.wl.wl_display_roundtrip(this.display) < 0) this.fail("a roundtrip");
  }

  flush(): void {
    if (this.libs.wl.wl_display_flush(this.display) < 0) this.fail("sending requests");
  }

  /** Dispatches events until `done()` or `timeoutMs` passes (then throws naming `what`). */
  dispatchUntil(done: () => boolean, timeoutMs: number, what: string): void {
    const wl = this.libs.wl;
    const deadline = performance.now() + timeoutMs;
    const pollFd = new Uint8Array(8);
    const view = new DataView(pollFd.buffer);
    view.setInt32(0, wl.wl_display_get_fd(this.display), true);
    view.setInt16(4, POLLIN, true);
    while (!done()) {
      while (wl.wl_display_prepare_read(this.display) !== 0) {
        if (wl.wl_display_dispatch_pending(this.display) < 0) this.fail(what);
      }
      if (done()) {
        wl.wl_display_cancel_read(this.display);
        break;
      }
      wl.wl_display_flush(this.display);
      const left = Math.max(0, Math.ceil(deadline - performance.now()));
      view.setInt16(6, 0, true);
      const ready = left === 0 ? 0 : this.libs.libc.poll(pollFd, 1n, left);
      if (ready <= 0) {
        wl.wl_display_cancel_read(this.display);
        if (ready < 0) continue; // interrupted
        throw new WaylandError(`${what}: no answer from the compositor within ${timeoutMs} ms`);
      }
      if (wl.wl_display_read_events(this.display) < 0) this.fail(what);
      if (wl.wl_display_dispatch_pending(this.display) < 0) this.fail(what);
    }
  }

  private fail(what: string): never {
    const code = this.libs.wl.wl_display_get_error(this.display);
    throw new WaylandError(`${what}: the Wayland connection failed (error ${code})`);
  }

  private bindOutputs(): void {
    for (const global of this.globals.filter((g) => g.interface === "wl_output")) {
      const version = Math.min(global.version, 4);
      const args = new Args(4).uint(0, global.name).string(1, "wl_output").uint(2, version);
      const proxy = this.request(this.registry, 0, this.libs.core("wl_output"), version, args);
      if (proxy === null) continue;
      const output: Output = {
        proxy,
        name: `output-${global.name}`,
        width: 0,
        height: 0,
        scale: 1,
      };
      this.outputs.push(output);
      this.listen(proxy, [
        { parameters: [P, P, "i32", "i32", "i32", "i32", "i32", P, P, "i32"], fn: () => {} },
        {
          parameters: [P, P, "u32", "i32", "i32", "i32"],
          fn: (_d: unknown, _o: unknown, flags: number, width: number, height: number) => {
            if (flags & 1) Object.assign(output, { width, height }); // the current mode
          },
        },
        { parameters: [P, P], fn: () => {} },
        {
          parameters: [P, P, "i32"],
          fn: (_d: unknown, _o: unknown, factor: number) => (output.scale = factor),
        },
        {
          parameters: [P, P, P],
          fn: (
            _d: unknown,
            _o: unknown,
            name: Deno.PointerValue,
          ) => (output.name = readCString(name)),
        },
        { parameters: [P, P, P], fn: () => {} },
      ]);
    }
    this.roundtrip();
  }

  close(): void {
    this.libs.wl.wl_display_disconnect(this.display);
    for (const callback of this.callbacks) callback.close();
    this.libs.close();
  }

  /** A destructor request (the proxy is gone afterwards). */
  destroy(proxy: Deno.PointerObject, opcode: number, version: number): void {
    this.request(proxy, opcode, null, version, new Args(0), true);
  }
}
