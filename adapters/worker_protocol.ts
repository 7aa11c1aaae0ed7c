// Messages between the main-thread proxy (worker_adapter.ts) and the worker
// that owns a platform (worker_host.ts). Everything is structured-clone data,
// except a value the worker already holds as JSON text (a tree the AT-SPI
// host wrote): it crosses as that text and is parsed once, on arrival.

import type { TreeSourceInfo } from "./types.ts";
import type { ErrorCode } from "../lib/model/errors.ts";
import type { TreeLayout } from "../lib/model/tree_json_pieces.ts";

/** The adapter methods the worker serves, by name. */
export type Method =
  | "listWindows"
  | "captureTree"
  | "captureDesktop"
  | "screenshot"
  | "encodedScreenshot"
  | "input"
  | "elementOperation"
  | "readPath"
  | "monitors"
  | "pointer"
  | "cursorImage"
  | "windowsAbove"
  | "activate";

export interface Request {
  id: number;
  method: Method;
  args: unknown[];
}

export interface WireError {
  /**
   * "window_gone", "not_responding" and "tool" (a ToolError: its code and
   * context travel too) are rebuilt as their errors on the main thread.
   */
  kind: "window_gone" | "not_responding" | "tool" | "error";
  message: string;
  handle?: string;
  code?: ErrorCode;
  context?: Record<string, unknown>;
}

export type Reply =
  | { kind: "reply"; id: number; value: unknown }
  | { kind: "reply"; id: number; json: Uint8Array<ArrayBuffer>; layout: TreeLayout }
  | { kind: "reply"; id: number; error: WireError };

const JSON_BYTES = Symbol("JSON bytes");

/** A capture held as its UTF-8 JSON; `layout` says where its tree (its `root`) is in pieces. */
export interface JsonBytes {
  json: Uint8Array<ArrayBuffer>;
  layout: TreeLayout;
}

/**
 * A capture held as its UTF-8 JSON, as the AT-SPI host wrote it (its root
 * first, in pieces: see `layout`), standing in for the value it encodes: the
 * worker's serving loop moves the bytes (see `json` above) instead of
 * cloning an object, and the main thread parses the root piece by piece and
 * may write it out as it came. Parsing a 1,000-node tree in the worker and
 * cloning it cost ~3× parsing it once.
 */
export function asJsonBytes<T>(json: Uint8Array<ArrayBuffer>, layout: TreeLayout): T {
  return { [JSON_BYTES]: { json, layout } } as unknown as T;
}

/** The bytes of a value made by asJsonBytes; null for any other value. */
export function jsonBytesOf(value: unknown): JsonBytes | null {
  return typeof value === "object" && value !== null && JSON_BYTES in value
    ? (value as { [JSON_BYTES]: JsonBytes })[JSON_BYTES]
    : null;
}

/**
 * Sent once after start-up: the worker either owns a working desktop (and
 * says where its trees come from) or says why not.
 */
export type Startup =
  | {
    kind: "ready";
    treeSource: TreeSourceInfo;
    /** Whether the desktop encodes screenshots where it grabs them (encodedScreenshot). */
    encodes: boolean;
  }
  | { kind: "failed"; message: string };

/**
 * Sent every HEARTBEAT_MS while the worker's thread runs: a request past its
 * deadline is the worker's to finish while it beats, and a hung one's to
 * abandon when the beat stops (a native call that never returns).
 */
export type Heartbeat = { kind: "alive" };

export const HEARTBEAT_MS = 500;

export type WorkerMessage = Reply | Startup | Heartbeat | { kind: "closed" };

/** Room for the next reply's JSON bytes, made by the main thread (see adapters/reply_room.ts). */
export type RoomOffer = { kind: "room"; buffer: ArrayBuffer };

export type ProxyMessage = { kind: "request"; request: Request } | RoomOffer | { kind: "close" };
