// Messages between the main-thread proxy (worker_adapter.ts) and the worker
// that owns a platform (worker_host.ts). Everything is structured-clone data.

import type { TreeSourceInfo } from "./types.ts";
import type { ErrorCode } from "../lib/model/errors.ts";

/** The adapter methods the worker serves, by name. */
export type Method =
  | "listWindows"
  | "captureTree"
  | "captureDesktop"
  | "screenshot"
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
  | { kind: "reply"; id: number; error: WireError };

/**
 * Sent once after start-up: the worker either owns a working desktop (and
 * says where its trees come from) or says why not.
 */
export type Startup =
  | { kind: "ready"; treeSource: TreeSourceInfo }
  | { kind: "failed"; message: string };

/**
 * Sent every HEARTBEAT_MS while the worker's thread runs: a request past its
 * deadline is the worker's to finish while it beats, and a hung one's to
 * abandon when the beat stops (a native call that never returns).
 */
export type Heartbeat = { kind: "alive" };

export const HEARTBEAT_MS = 500;

export type WorkerMessage = Reply | Startup | Heartbeat | { kind: "closed" };

export type ProxyMessage = { kind: "request"; request: Request } | { kind: "close" };
