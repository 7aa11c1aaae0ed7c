// libwayland-client through Deno.dlopen: the display connection, requests
// marshalled from argument arrays (the library's header inlines such as
// wl_registry_bind call a variadic function FFI cannot), listeners, and the
// interface tables. The core protocol's tables are the library's own data
// symbols (found with dlsym); the wlroots and virtual-keyboard protocols'
// tables are built here in memory from their request and event signatures.
// libc's memfd_create, ftruncate and mmap make the shared-memory buffers a
// screenshot is copied into (libwayland passes their fds over the socket).

import { cString } from "./c_strings.ts";

const P = "pointer" as const;
const B = "buffer" as const;

export const WAYLAND_LIBRARY = "libwayland-client.so.0";

const waylandSymbols = {
  wl_display_connect: { parameters: [B], result: P },
  wl_display_disconnect: { parameters: [P], result: "void" },
  wl_display_roundtrip: { parameters: [P], result: "i32" },
  wl_display_dispatch: { parameters: [P], result: "i32" },
  wl_display_dispatch_pending: { parameters: [P], result: "i32" },
  wl_display_flush: { parameters: [P], result: "i32" },
  wl_display_get_error: { parameters: [P], result: "i32" },
  wl_display_get_fd: { parameters: [P], result: "i32" },
  wl_display_prepare_read: { parameters: [P], result: "i32" },
  wl_display_read_events: { parameters: [P], result: "i32" },
  wl_display_cancel_read: { parameters: [P], result: "void" },
  wl_proxy_marshal_array_flags: {
    parameters: [P, "u32", P, "u32", "u32", B],
    result: P,
  },
  wl_proxy_add_listener: { parameters: [P, P, P], result: "i32" },
  wl_proxy_destroy: { parameters: [P], result: "void" },
  wl_proxy_get_version: { parameters: [P], result: "u32" },
} as const;

const libcSymbols = {
  dlopen: { parameters: [B, "i32"], result: P },
  dlsym: { parameters: [P, B], result: P },
  memfd_create: { parameters: [B, "u32"], result: "i32" },
  ftruncate: { parameters: ["i32", "i64"], result: "i32" },
  mmap: { parameters: [P, "usize", "i32", "i32", "i32", "i64"], result: P },
  munmap: { parameters: [P, "usize"], result: "i32" },
  close: { parameters: ["i32"], result: "i32" },
  poll: { parameters: [B, "u64", "i32"], result: "i32" },
} as const;

export type WaylandClient = Deno.DynamicLibrary<typeof waylandSymbols>["symbols"];
export type WaylandLibc = Deno.DynamicLibrary<typeof libcSymbols>["symbols"];

const RTLD_NOW = 2;
const RTLD_NOLOAD = 4;
export const PROT_READ = 1;
export const PROT_WRITE = 2;
export const MAP_SHARED = 1;
export const MFD_CLOEXEC = 1;
export const MAP_FAILED = 0xffffffffffffffffn;
export const POLLIN = 1;
/** wl_proxy_marshal_array_flags: destroy the proxy with the request (destructors). */
export const MARSHAL_FLAG_DESTROY = 1;

/** A protocol interface's table (struct wl_interface), kept alive with its strings. */
export interface WlInterface {
  name: string;
  pointer: Deno.PointerObject;
}

export interface WaylandLibraries {
  wl: WaylandClient;
  libc: WaylandLibc;
  /** The core protocol's interfaces, by name (wl_registry, wl_shm, wl_output, …). */
  core(name: string): WlInterface;
  close(): void;
}

export function openWayland(): WaylandLibraries {
  const wl = Deno.dlopen(WAYLAND_LIBRARY, waylandSymbols);
  const libc = Deno.dlopen("libc.so.6", libcSymbols);
  const handle = libc.symbols.dlopen(cString(WAYLAND_LIBRARY), RTLD_NOW | RTLD_NOLOAD);
  const cache = new Map<string, WlInterface>();
  return {
    wl: wl.symbols,
    libc: libc.symbols,
    core(name) {
      let found = cache.get(name);
      if (!found) {
        const pointer = handle === null
          ? null
          : libc.symbols.dlsym(handle, cString(`${name}_interface`));
        if (pointer === null) throw new Error(`${WAYLAND_LIBRARY} has no ${name}_interface`);
        found = { name, pointer };
        cache.set(name, found);
      }
      return found;
    },
    close() {
      wl.close();
      libc.close();
    },
  };
}

/** A request or event: its name, signature ("nio", "2uuuu") and the interfaces of its object and new_id arguments. */
export interface MessageSpec {
  name: string;
  signature: string;
  /** One per object/new_id argument, in order; null: any interface. */
  types?: Array<() => WlInterface | null>;
}

/** Memory the tables point into: never collected while the process runs. */
const keepAlive: Uint8Array[] = [];

function stored(bytes: Uint8Array): Deno.PointerObject {
  keepAlive.push(bytes);
  return Deno.UnsafePointer.of(bytes as Uint8Array<ArrayBuffer>)!;
}

function pointerValue(p: Deno.PointerValue): bigint {
  return p === null ? 0n : BigInt(Deno.UnsafePointer.value(p));
}

/**
 * Builds a struct wl_interface: name, version, method_count, methods,
 * event_count, events (40 bytes on 64-bit), each message a struct wl_message
 * (name, signature, types: 24 bytes). The types array has a slot per
 * argument; object and new_id slots point at their interface.
 */
export function defineInterface(
  name: string,
  version: number,
  requests: MessageSpec[],
  events: MessageSpec[],
): WlInterface {
  const table = new Uint8Array(40);
  const pointer = stored(table);
  const result: WlInterface = { name, pointer };
  // Types are resolved after every interface exists (they refer to each other).
  const messages = (specs: MessageSpec[]) => {
    if (specs.length === 0) return 0n;
    const array = new BigUint64Array(specs.length * 3);
    specs.forEach((spec, i) => {
      const args = [...spec.signature.replace(/^\d+/, "")].filter((c) => c !== "?");
      const types = new BigUint64Array(Math.max(1, args.length));
      let object = 0;
      args.forEach((kind, slot) => {
        if (kind === "o" || kind === "n") {
          const iface = spec.types?.[object++]?.() ?? null;
          types[slot] = iface === null ? 0n : pointerValue(iface.pointer);
        }
      });
      array[i * 3] = pointerValue(stored(cString(spec.name)));
      array[i * 3 + 1] = pointerValue(stored(cString(spec.signature)));
      array[i * 3 + 2] = pointerValue(stored(new Uint8Array(types.buffer)));
    });
    return pointerValue(stored(new Uint8Array(array.buffer)));
  };
  const view = new DataView(table.buffer);
  view.setBigUint64(0, pointerValue(stored(cString(name))), true);
  view.setInt32(8, version, true);
  view.setInt32(12, requests.length, true);
  view.setInt32(24, events.length, true);
  // Filled lazily: the first use resolves the types of both lists.
  let filled = false;
  Object.defineProperty(result, "pointer", {
    get() {
      if (!filled) {
        filled = true;
        view.setBigUint64(16, messages(requests), true);
        view.setBigUint64(32, messages(events), true);
      }
      return pointer;
    },
  });
  return result;
}

/** Arguments for wl_proxy_marshal_array_flags: one 8-byte union wl_argument each. */
export class Args {
  private readonly slots: BigUint64Array;
  private readonly view: DataView;
  /** Strings passed by pointer, kept until the call returns. */
  private readonly strings: Uint8Array[] = [];

  constructor(count: number) {
    this.slots = new BigUint64Array(Math.max(1, count));
    this.view = new DataView(this.slots.buffer);
  }

  int(slot: number, value: number): this {
    this.view.setInt32(slot * 8, value, true);
    return this;
  }

  uint(slot: number, value: number): this {
    this.view.setUint32(slot * 8, value >>> 0, true);
    return this;
  }

  /** A wl_fixed_t: 24.8 fixed point. */
  fixed(slot: number, value: number): this {
    return this.int(slot, Math.round(value * 256));
  }

  object(slot: number, proxy: Deno.PointerValue): this {
    this.slots[slot] = pointerValue(proxy);
    return this;
  }

  string(slot: number, text: string): this {
    const bytes = cString(text);
    this.strings.push(bytes);
    this.slots[slot] = pointerValue(Deno.UnsafePointer.of(bytes));
    return this;
  }

  get buffer(): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.slots.buffer as ArrayBuffer);
  }
}

/** A shared-memory file of `size` bytes, mapped here: its fd (to pass over the socket) and its memory. */
export function sharedMemory(
  libc: WaylandLibc,
  name: string,
  size: number,
): { fd: number; memory: Deno.PointerObject } {
  const fd = libc.memfd_create(cString(name), MFD_CLOEXEC);
  if (fd < 0) throw new Error(`${name}: memfd_create failed`);
  if (libc.ftruncate(fd, BigInt(size)) !== 0) {
    libc.close(fd);
    throw new Error(`${name}: cannot size the shared memory`);
  }
  const memory = libc.mmap(null, BigInt(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0n);
  if (memory === null || BigInt(Deno.UnsafePointer.value(memory)) === MAP_FAILED) {
    libc.close(fd);
    throw new Error(`${name}: cannot map the shared memory`);
  }
  return { fd, memory };
}
