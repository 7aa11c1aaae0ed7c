// Screenshots through wlroots' screencopy: the compositor copies an output
// into a shared-memory buffer this process made (memfd, mapped here; its fd
// handed over by wl_shm.create_pool). The buffer is kept and reused while the
// output's size stays the same.

import { Args, sharedMemory } from "../ffi/wayland.ts";
import { type Output, WaylandConnection, WaylandError } from "./connection.ts";
import { FRAME, SCREENCOPY } from "./protocols.ts";
import type { RawImage } from "../../../lib/model/image.ts";

const P = "pointer" as const;
/** wl_shm formats: 32-bit pixels stored B, G, R, A/X in memory (little-endian ARGB/XRGB). */
const SHM_ARGB8888 = 0;
const SHM_XRGB8888 = 1;
const Y_INVERT = 1;
/** How long a copy may take (a busy compositor renders first). */
const COPY_TIMEOUT_MS = 5000;

interface ShmBuffer {
  width: number;
  height: number;
  stride: number;
  format: number;
  fd: number;
  memory: Deno.PointerObject;
  pool: Deno.PointerObject;
  buffer: Deno.PointerObject;
}

/** What the frame being copied has said so far. */
interface FrameState {
  format: number;
  width: number;
  height: number;
  stride: number;
  flags: number;
  described: boolean;
  ready: boolean;
  failed: boolean;
}

export class Screencopy {
  private readonly manager: Deno.PointerObject;
  private readonly shm: Deno.PointerObject;
  private readonly buffers = new Map<Output, ShmBuffer>();
  /** One frame at a time: the frame listener's callbacks write here. */
  private state: FrameState = Screencopy.fresh();
  private readonly frameListener: Deno.PointerObject;

  private static fresh(): FrameState {
    return {
      format: -1,
      width: 0,
      height: 0,
      stride: 0,
      flags: 0,
      described: false,
      ready: false,
      failed: false,
    };
  }

  constructor(private readonly connection: WaylandConnection) {
    const manager = connection.bind(
      "zwlr_screencopy_manager_v1",
      connection.protocols.screencopyManager,
      3,
    );
    const shm = connection.bind("wl_shm", connection.libs.core("wl_shm"), 1);
    if (manager === null || shm === null) {
      throw new WaylandError("the compositor offers no wlr-screencopy (or no wl_shm)");
    }
    this.manager = manager;
    this.shm = shm;
    this.frameListener = connection.listener([
      {
        parameters: [P, P, "u32", "u32", "u32", "u32"],
        fn: (
          _d: unknown,
          _f: unknown,
          format: number,
          width: number,
          height: number,
          stride: number,
        ) => {
          // The first shm format offered is the one to use (a v3 compositor may add dmabuf).
          if (this.state.format === -1) {
            Object.assign(this.state, { format, width, height, stride });
          }
        },
      },
      {
        parameters: [P, P, "u32"],
        fn: (_d: unknown, _f: unknown, flags: number) => (this.state.flags = flags),
      },
      { parameters: [P, P, "u32", "u32", "u32"], fn: () => (this.state.ready = true) },
      { parameters: [P, P], fn: () => (this.state.failed = true) },
      { parameters: [P, P, "u32", "u32", "u32", "u32"], fn: () => {} },
      { parameters: [P, P, "u32", "u32", "u32"], fn: () => {} },
      { parameters: [P, P], fn: () => (this.state.described = true) },
    ]);
  }

  /** The output's picture, "bgrx" pixels, as the compositor last drew it. */
  capture(output: Output): RawImage {
    const c = this.connection;
    const version = c.offered("zwlr_screencopy_manager_v1", 3)!.version;
    const frame = c.request(
      this.manager,
      SCREENCOPY.captureOutput,
      c.protocols.screencopyFrame,
      version,
      new Args(3).object(0, null).int(1, 0).object(2, output.proxy),
    );
    if (frame === null) throw new WaylandError("screencopy: no frame");
    const state = (this.state = Screencopy.fresh());
    c.attach(frame, this.frameListener);
    const copy = () => {
      const target = this.bufferFor(output, state);
      c.request(frame, FRAME.copy, null, version, new Args(1).object(0, target.buffer));
    };
    try {
      if (version >= 3) {
        c.dispatchUntil(() => state.described || state.failed, COPY_TIMEOUT_MS, "screencopy");
      } else {
        c.dispatchUntil(() => state.format !== -1 || state.failed, COPY_TIMEOUT_MS, "screencopy");
      }
      if (!state.failed) {
        if (state.format !== SHM_XRGB8888 && state.format !== SHM_ARGB8888) {
          throw new WaylandError(`screencopy offers pixel format ${state.format}, not XRGB8888`);
        }
        copy();
        c.dispatchUntil(() => state.ready || state.failed, COPY_TIMEOUT_MS, "screencopy");
      }
      if (state.failed) throw new WaylandError(`screencopy of ${output.name} failed`);
      return this.pixels(this.buffers.get(output)!, (state.flags & Y_INVERT) !== 0);
    } finally {
      c.destroy(frame, FRAME.destroy, version);
      c.flush();
    }
  }

  /** Tight "bgrx" rows (the buffer's stride may be wider). */
  private pixels(b: ShmBuffer, yInvert: boolean): RawImage {
    const view = new Deno.UnsafePointerView(b.memory);
    const rowBytes = b.width * 4;
    const data = new Uint8Array(rowBytes * b.height);
    if (b.stride === rowBytes && !yInvert) {
      view.copyInto(data, 0);
    } else {
      for (let row = 0; row < b.height; row++) {
        const from = (yInvert ? b.height - 1 - row : row) * b.stride;
        view.copyInto(data.subarray(row * rowBytes, (row + 1) * rowBytes), from);
      }
    }
    return { width: b.width, height: b.height, data, layout: "bgrx" };
  }

  private bufferFor(
    output: Output,
    want: { width: number; height: number; stride: number; format: number },
  ): ShmBuffer {
    const held = this.buffers.get(output);
    if (
      held && held.width === want.width && held.height === want.height &&
      held.stride === want.stride && held.format === want.format
    ) return held;
    if (held) this.release(held);
    const c = this.connection;
    const libc = c.libs.libc;
    const size = want.stride * want.height;
    const { fd, memory } = sharedMemory(libc, "oso-screencopy", size);
    const pool = c.request(
      this.shm,
      0, // wl_shm.create_pool(new_id, fd, size)
      c.libs.core("wl_shm_pool"),
      1,
      new Args(3).object(0, null).int(1, fd).int(2, size),
    )!;
    const buffer = c.request(
      pool,
      0, // wl_shm_pool.create_buffer(new_id, offset, width, height, stride, format)
      c.libs.core("wl_buffer"),
      1,
      new Args(6).object(0, null).int(1, 0).int(2, want.width).int(3, want.height)
        .int(4, want.stride).uint(5, want.format),
    )!;
    const made = { ...want, fd, memory, pool, buffer };
    this.buffers.set(output, made);
    return made;
  }

  private release(b: ShmBuffer): void {
    const c = this.connection;
    c.destroy(b.buffer, 0, 1); // wl_buffer.destroy
    c.destroy(b.pool, 1, 1); // wl_shm_pool.destroy
    c.libs.libc.munmap(b.memory, BigInt(b.stride * b.height));
    c.libs.libc.close(b.fd);
  }

  close(): void {
    for (const b of this.buffers.values()) this.release(b);
    this.buffers.clear();
    this.connection.destroy(this.manager, SCREENCOPY.destroy, 3);
    this.connection.flush();
  }
}
