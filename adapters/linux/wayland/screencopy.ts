// Screenshots through wlroots' screencopy: the compositor copies an output
// into a shared-memory buffer this process made (memfd, mapped here; its fd
// handed over by wl_shm.create_pool). The buffer is kept and reused while the
// output's size stays the same.
//
// A copy waits for the output's next frame (up to a refresh period, 16.7 ms
// at 60 Hz) and the compositor's render. After each one, a second frame is
// left asking for a copy "with damage" into a spare buffer: the compositor
// answers it only once the output has changed. While it has not, the output
// shows what the last copy holds, and that picture is served again at once.

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

/**
 * A frame asked of the compositor, and what it has said: a copy's, or a
 * watch's (left asking for a copy with damage, answered once the output changes).
 */
interface AskedFrame {
  frame: Deno.PointerObject;
  state: FrameState;
  version: number;
}

export class Screencopy {
  private readonly manager: Deno.PointerObject;
  private readonly shm: Deno.PointerObject;
  /** Per output, the buffer the last copy went to: it holds the last picture. */
  private readonly buffers = new Map<Output, ShmBuffer>();
  /** Per output, the buffer a watch's copy goes to (never read). */
  private readonly spares = new Map<Output, ShmBuffer>();
  /** Per output, whether its last picture is upside down. */
  private readonly inverted = new Map<Output, boolean>();
  private readonly watches = new Map<Output, AskedFrame>();
  /** The listener's callbacks find their frame's state here, by the frame's address. */
  private readonly states = new Map<bigint, FrameState>();
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
    const of = (frame: Deno.PointerValue) => this.states.get(Deno.UnsafePointer.value(frame));
    const set = (frame: Deno.PointerValue, change: Partial<FrameState>) => {
      const state = of(frame);
      if (state) Object.assign(state, change);
    };
    this.frameListener = connection.listener([
      {
        parameters: [P, P, "u32", "u32", "u32", "u32"],
        fn: (
          _d: unknown,
          frame: Deno.PointerValue,
          format: number,
          width: number,
          height: number,
          stride: number,
        ) => {
          // The first shm format offered is the one to use (a v3 compositor may add dmabuf).
          if (of(frame)?.format === -1) set(frame, { format, width, height, stride });
        },
      },
      {
        parameters: [P, P, "u32"],
        fn: (_d: unknown, frame: Deno.PointerValue, flags: number) => set(frame, { flags }),
      },
      {
        parameters: [P, P, "u32", "u32", "u32"],
        fn: (_d: unknown, frame: Deno.PointerValue) => set(frame, { ready: true }),
      },
      {
        parameters: [P, P],
        fn: (_d: unknown, frame: Deno.PointerValue) => set(frame, { failed: true }),
      },
      { parameters: [P, P, "u32", "u32", "u32", "u32"], fn: () => {} },
      { parameters: [P, P, "u32", "u32", "u32"], fn: () => {} },
      {
        parameters: [P, P],
        fn: (_d: unknown, frame: Deno.PointerValue) => set(frame, { described: true }),
      },
    ]);
  }

  /** A frame of the output, described: its buffer's size and format are known (or it failed). */
  private describedFrame(output: Output, version: number): AskedFrame {
    const c = this.connection;
    const frame = c.request(
      this.manager,
      SCREENCOPY.captureOutput,
      c.protocols.screencopyFrame,
      version,
      new Args(3).object(0, null).int(1, 0).object(2, output.proxy),
    );
    if (frame === null) throw new WaylandError("screencopy: no frame");
    const state = Screencopy.fresh();
    this.states.set(Deno.UnsafePointer.value(frame), state);
    c.attach(frame, this.frameListener);
    const described = version >= 3 ? () => state.described : () => state.format !== -1;
    c.dispatchUntil(() => described() || state.failed, COPY_TIMEOUT_MS, "screencopy");
    if (!state.failed && state.format !== SHM_XRGB8888 && state.format !== SHM_ARGB8888) {
      this.drop({ frame, state, version });
      throw new WaylandError(`screencopy offers pixel format ${state.format}, not XRGB8888`);
    }
    return { frame, state, version };
  }

  private drop({ frame, version }: AskedFrame): void {
    this.states.delete(Deno.UnsafePointer.value(frame));
    this.connection.destroy(frame, FRAME.destroy, version);
  }

  /** Whether the output has not changed since its last picture (its watch is unanswered). */
  private unchanged(output: Output): boolean {
    const watch = this.watches.get(output);
    if (watch === undefined) return false;
    // Whatever the compositor has said of damage by now.
    this.connection.roundtrip();
    if (!watch.state.ready && !watch.state.failed) return true;
    this.drop(watch);
    this.watches.delete(output);
    return false;
  }

  /**
   * The next capture copies afresh: after input, the change may be committed
   * and not yet drawn, so no answer to a watch does not yet mean no change.
   */
  forget(): void {
    for (const watch of this.watches.values()) this.drop(watch);
    this.watches.clear();
  }

  /** Leaves a frame asking for a copy with damage (protocol version 2 on). */
  private watch(output: Output, version: number): void {
    if (version < 2) return;
    const watch = this.describedFrame(output, version);
    if (watch.state.failed) return this.drop(watch);
    const spare = this.bufferFor(this.spares, output, watch.state);
    this.connection.request(
      watch.frame,
      FRAME.copyWithDamage,
      null,
      version,
      new Args(1).object(0, spare.buffer),
    );
    this.watches.set(output, watch);
  }

  /** The output's picture, "bgrx" pixels, as the compositor last drew it. */
  capture(output: Output): RawImage {
    const held = this.buffers.get(output);
    if (held && this.unchanged(output)) return this.pixels(held, this.inverted.get(output)!);
    const c = this.connection;
    const version = c.offered("zwlr_screencopy_manager_v1", 3)!.version;
    const copy = this.describedFrame(output, version);
    const { state } = copy;
    try {
      if (!state.failed) {
        const target = this.bufferFor(this.buffers, output, state);
        c.request(copy.frame, FRAME.copy, null, version, new Args(1).object(0, target.buffer));
        c.dispatchUntil(() => state.ready || state.failed, COPY_TIMEOUT_MS, "screencopy");
      }
      if (state.failed) throw new WaylandError(`screencopy of ${output.name} failed`);
      const inverted = (state.flags & Y_INVERT) !== 0;
      this.inverted.set(output, inverted);
      this.watch(output, version);
      return this.pixels(this.buffers.get(output)!, inverted);
    } finally {
      this.drop(copy);
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
    buffers: Map<Output, ShmBuffer>,
    output: Output,
    want: { width: number; height: number; stride: number; format: number },
  ): ShmBuffer {
    const held = buffers.get(output);
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
    buffers.set(output, made);
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
    this.forget();
    for (const b of [...this.buffers.values(), ...this.spares.values()]) this.release(b);
    this.buffers.clear();
    this.spares.clear();
    this.connection.destroy(this.manager, SCREENCOPY.destroy, 3);
    this.connection.flush();
  }
}
