// Room for the JSON bytes of a reply that crosses from a worker to the main
// thread (asJsonBytes). A buffer the worker made for each reply came as fresh
// pages, each faulted in by its first write (mousepad's 222 KB tree: 54
// faults, ~0.6 ms on a 2-core VM), and was freed later, by the main thread's
// garbage collector. So the main thread makes the room while it waits for
// the next reply, touches its pages, and hands it to the worker.

/** Rooms a worker keeps at most: one for the next reply, one for a reply asked meanwhile. */
const KEEP_AT_MOST = 2;

/**
 * Replies at least this big get room made for the next one: smaller buffers
 * come from memory the allocator holds already, and room kept by a small
 * tree's JSON would hold more memory than the tree.
 */
export const ROOM_FROM = 64 * 1024;

/** Room is a quarter more than the last reply needed, in whole pages of memory. */
const PAGE = 4096;

/** The worker's side: rooms offered, taken for replies' bytes. */
export class ReplyRoom {
  private readonly free: ArrayBuffer[] = [];

  offer(buffer: ArrayBuffer): void {
    if (this.free.length < KEEP_AT_MOST) this.free.push(buffer);
  }

  /** `length` bytes to fill: in a room offered when one is big enough, else new. */
  take(length: number): Uint8Array<ArrayBuffer> {
    const at = this.free.findIndex((buffer) => buffer.byteLength >= length);
    if (at < 0) return new Uint8Array(length);
    const [buffer] = this.free.splice(at, 1);
    return new Uint8Array(buffer, 0, length);
  }
}

/**
 * The main thread's side: room for a reply like one of `bytes` bytes, its
 * pages written once; null for a reply too small to need it.
 */
export function touchedRoom(bytes: number): ArrayBuffer | null {
  if (bytes < ROOM_FROM) return null;
  const size = Math.ceil((bytes * 1.25) / PAGE) * PAGE;
  const buffer = new ArrayBuffer(size);
  new Uint8Array(buffer).fill(0);
  return buffer;
}
