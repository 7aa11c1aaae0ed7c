// Newline-delimited JSON between the worker (adapters/linux/atspi/host_client.ts) and the
// process that hosts libatspi (adapters/linux/atspi/host.ts), on a Unix socket: one
// request or reply a line. Not the host's stdin and stdout: a read of a pipe waits in
// a thread of its own, which must wake too, and after an idle moment a round trip
// took 0.3–0.45 ms on a pipe against 0.1–0.25 ms on a socket (2-core VM).

import { concatBytes } from "../../../lib/model/bytes.ts";
import type { Bounds, Element } from "../../../lib/model/tree.ts";
import { Piece, type TreeLayout, writeTreeJson } from "../../../lib/model/tree_json_pieces.ts";
import type { Capture, CaptureLimits, ElementOperation, Patched } from "../../types.ts";

/** What the worker's X connection knows of a window: the host has no X connection. */
export interface WindowFacts {
  /** The X window (its id in decimal): the same window seen later, whatever else changed. */
  window: string;
  pid: number;
  title: string;
  /** The client area and the frame with decorations, in root coordinates. */
  client: Bounds;
  outer: Bounds;
  /**
   * Every toolkit reports this window's coordinates relative to the window
   * (a native Wayland window: no client knows its place on the screen).
   */
  relative?: boolean;
  /**
   * A floating Wayland window: a client-side decorated one draws a shadow
   * around its content, which its frame includes and `client` does not.
   */
  floating?: boolean;
}

export type HostCall =
  | {
    method: "capture";
    window: WindowFacts;
    limits: CaptureLimits;
    /** The version of this window's tree the caller holds, if any. */
    known: string | null;
    /** Answer from the mirror where events vouch for it (else: walk the window). */
    mirror: boolean;
    /** With `mirror`: walk the window all the same, and mirror the walk. */
    walk: boolean;
  }
  | { method: "operate"; window: WindowFacts; elementId: string; op: ElementOperation }
  | { method: "readPath"; window: WindowFacts; elementId: string; limits: CaptureLimits }
  /** The top-level windows accessible applications report (see ListedFrame). */
  | { method: "listFrames" }
  | {
    method: "captureDesktop";
    /** Every listed window, to place GTK4 windows (see FrameFinder.quirksOf). */
    windows: WindowFacts[];
    application: string | null;
    limits: CaptureLimits;
  };

export type HostRequest = HostCall & { id: number };

/**
 * A top-level window as its application reports it over AT-SPI: where no
 * compositor tells windows apart (GNOME, KDE on Wayland), the only list.
 * `bounds` are as the toolkit reports them: window-relative on Wayland.
 */
export interface ListedFrame {
  /** The frame's accessible: its bus name and object path. */
  key: string;
  pid: number;
  title: string;
  bounds: Bounds;
  /** The window has the keyboard (AT-SPI's ACTIVE state). */
  active: boolean;
}

/**
 * A capture's answer: the tree the caller holds is current (`unchanged`), or
 * is current with some subtrees replaced (`patched`), or a tree with its
 * version (null: not mirrored, as when a limit cut it short); null when the
 * window's application is not accessible.
 */
export type HostCapture =
  | { unchanged: string }
  | { patched: Patched }
  | { capture: Capture; version: string | null }
  | null;

/**
 * A HostCapture as the worker receives it: a tree as `json`, the UTF-8 JSON
 * of the capture with its version, and where the root's pieces are in it
 * (see `bytesFollow`).
 */
export type ReceivedCapture =
  | Exclude<HostCapture, { capture: Capture }>
  | { json: Uint8Array<ArrayBuffer>; layout: TreeLayout };

/**
 * "bus_lost": libatspi lost its bus and cannot reconnect in-process; the host
 * then exits. `bytesFollow`: the value is `{ json, layout }`, the UTF-8 JSON
 * of that many bytes after the line, which the worker hands on undecoded (a
 * tree is parsed once, where it is used, piece by piece as `layout` says,
 * and written out as it came).
 */
export type HostReply =
  | { id: number; value: unknown }
  | { id: number; bytesFollow: number; layout: TreeLayout }
  | { id: number; error: { kind: "bus_lost" | "not_responding" | "error"; message: string } };

/** The host's first line: it owns a libatspi connection on the bus it names, or says why not. */
export type HostStartup = { ready: true; bus_address: string } | { ready: false; message: string };

/** The argument that makes the compiled service binary run as the host (see main.ts). */
export const ATSPI_HOST_FLAG = "--atspi-host";

/**
 * Splits a byte stream into lines as they complete (the host reads its
 * requests so). Only each new chunk is searched for the line's end, and a
 * line's pieces are joined once: searching and flattening the whole buffer
 * again for each of a long line's chunks cost seconds on a busy machine.
 */
export class LineSplitter {
  private readonly decoder = new TextDecoder();
  private readonly pieces: string[] = [];

  /** The lines `chunk` completes, in order. */
  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let text = this.decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = text.indexOf("\n")) >= 0) {
      this.pieces.push(text.slice(0, end));
      lines.push(this.pieces.join(""));
      this.pieces.length = 0;
      text = text.slice(end + 1);
    }
    if (text !== "") this.pieces.push(text);
    return lines;
  }
}

/** One message of the host: its line, parsed, and the bytes after it its `bytesFollow` announced. */
export interface HostMessage {
  line: unknown;
  bytes: Uint8Array<ArrayBuffer> | null;
}

const NEWLINE = 0x0a;

/**
 * The messages of a byte source, as they complete: JSON lines, each followed
 * by as many raw bytes as its `bytesFollow` field says. The bytes are copied
 * into an array of their own, which `bytesOf` gives (a walked tree's JSON,
 * which moves to the main thread without a copy); only the short lines are
 * decoded.
 */
export async function* messagesOf(
  next: () => Promise<Uint8Array | null>,
  bytesOf: (length: number) => Uint8Array<ArrayBuffer> = (length) => new Uint8Array(length),
): AsyncGenerator<HostMessage> {
  const decoder = new TextDecoder();
  // A line's pieces so far, joined once it ends (a desktop tree's line spans hundreds of chunks).
  const carried: Uint8Array[] = [];
  let body: { line: unknown; bytes: Uint8Array<ArrayBuffer>; filled: number } | null = null;
  for (let chunk = await next(); chunk !== null; chunk = await next()) {
    let at = 0;
    while (at < chunk.length) {
      if (body !== null) {
        const part = chunk.subarray(at, at + body.bytes.length - body.filled);
        body.bytes.set(part, body.filled);
        body.filled += part.length;
        at += part.length;
        if (body.filled < body.bytes.length) break;
        yield { line: body.line, bytes: body.bytes };
        body = null;
        continue;
      }
      const end = chunk.indexOf(NEWLINE, at);
      if (end < 0) {
        carried.push(chunk.slice(at));
        break;
      }
      const ending = chunk.subarray(at, end);
      const line = JSON.parse(
        decoder.decode(carried.length === 0 ? ending : concatBytes([...carried, ending])),
      );
      carried.length = 0;
      at = end + 1;
      const length = (line as { bytesFollow?: unknown })?.bytesFollow;
      if (typeof length === "number" && Number.isSafeInteger(length) && length >= 0) {
        body = { line, bytes: bytesOf(length), filled: 0 };
        if (length > 0) continue;
        body = null;
        yield { line, bytes: new Uint8Array(0) };
      } else {
        yield { line, bytes: null };
      }
    }
  }
}

/**
 * The bytes a connection reads next, null at its end (for messagesOf, which
 * copies what it keeps: the buffer is read into again).
 */
export function readsOf(conn: Deno.Conn): () => Promise<Uint8Array | null> {
  const chunk = new Uint8Array(1 << 16);
  return async () => {
    const read = await conn.read(chunk);
    return read === null ? null : chunk.subarray(0, read);
  };
}

/** Writes in full: a big capture exceeds what one write takes. */
export async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    written += await conn.write(bytes.subarray(written));
  }
}

const encoder = new TextEncoder();

/**
 * Subtrees of at most this many nodes are written to JSON whole (mousepad's
 * nodes take 0.7 KB each): each piece stays far below 128 KB (see writeTreeJson).
 */
const PIECE_NODES = 64;

/**
 * Writes a walked tree's JSON for its reply, into bytes kept from one reply
 * to the next: a buffer of its own for each reply (mousepad's: 222 KB) came
 * as fresh pages, each faulted in on the first write (0.8 ms a reply on a
 * 2-core VM).
 */
export class CaptureJson {
  private buffer: Uint8Array<ArrayBuffer>;
  private length = 0;

  constructor(bytes = 1 << 18) {
    this.buffer = new Uint8Array(bytes);
  }

  /**
   * The capture's JSON as JSON.stringify writes it, its root first, as UTF-8
   * valid until the next call, and where the root's pieces are in it.
   */
  utf8Of(
    root: Element,
    rest: Record<string, unknown>,
  ): { json: Uint8Array<ArrayBuffer>; layout: TreeLayout } {
    this.length = 0;
    const layout: TreeLayout = [];
    this.write(`{"root":`);
    writeTreeJson(root, (piece, kind) => {
      const start = this.length;
      this.write(piece);
      if (kind !== Piece.Comma) layout.push(kind, start, this.length);
    }, PIECE_NODES);
    const others = JSON.stringify(rest);
    if (others !== "{}") this.write(`,${others.slice(1, -1)}`);
    this.write("}");
    return { json: this.buffer.subarray(0, this.length), layout };
  }

  private write(text: string): void {
    for (;;) {
      const room = this.buffer.subarray(this.length);
      const { read, written } = encoder.encodeInto(text, room);
      if (read === text.length) {
        this.length += written;
        return;
      }
      // UTF-8 takes at most 3 bytes for each UTF-16 unit.
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + text.length * 3));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
  }
}
