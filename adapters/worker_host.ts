// The worker side of a WorkerAdapter: opens the platform's desktop on this
// thread and serves the proxy's requests one at a time, but for reads the
// desktop names, served at once. Errors cross back as data and are rebuilt as
// WindowGoneError / AppNotRespondingError / ToolError.

import {
  type Adapter,
  AppNotRespondingError,
  type TreeSourceInfo,
  WindowGoneError,
} from "./types.ts";
import {
  HEARTBEAT_MS,
  jsonBytesOf,
  type Method,
  type ProxyMessage,
  type Request,
  type WorkerMessage,
} from "./worker_protocol.ts";
import { ToolError } from "../lib/model/errors.ts";
import type { ReplyRoom } from "./reply_room.ts";

/** A platform method as a worker desktop has it: answered at once or later. */
type Served<M extends Method> = (
  ...args: Parameters<NonNullable<Adapter[M]>>
) => ReturnType<NonNullable<Adapter[M]>> | Awaited<ReturnType<NonNullable<Adapter[M]>>>;

/** Methods a desktop may lack (the proxy then answers without asking it). */
type OptionalMethod = "encodedScreenshot";

/** What a platform's worker owns: the adapter's platform methods, run on the worker thread. */
export type WorkerDesktop =
  & { [M in Exclude<Method, OptionalMethod>]: Served<M> }
  & { [M in OptionalMethod]?: Served<M> }
  & {
    treeSource(): TreeSourceInfo;
    close(): void | Promise<void>;
    /** Where the desktop writes the JSON bytes of its replies (asJsonBytes), if it does. */
    readonly replyRoom?: ReplyRoom;
    /**
     * Methods that only read and never wait: served as they arrive, also
     * while an earlier request waits (a window listing need not wait for a
     * tree walked in another process). All others are served in turn.
     */
    readonly servedAtOnce?: ReadonlySet<Method>;
  };

interface WorkerScope {
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ProxyMessage>) => void) | null;
  close(): void;
}
const scope = self as unknown as WorkerScope;

async function serve(desktop: WorkerDesktop, request: Request): Promise<void> {
  try {
    const method = desktop[request.method] as ((...args: unknown[]) => unknown) | undefined;
    const value = method ? await method.apply(desktop, request.args) : null;
    const bytes = jsonBytesOf(value);
    if (bytes !== null) {
      const { json, layout } = bytes;
      return scope.postMessage({ kind: "reply", id: request.id, json, layout }, [json.buffer]);
    }
    // Screenshot pixels and encoded pictures move to the main thread instead of being copied.
    const pixels = (value as { data?: unknown } | null)?.data;
    const transfer = pixels instanceof Uint8Array ? [pixels.buffer as ArrayBuffer] : [];
    scope.postMessage({ kind: "reply", id: request.id, value }, transfer);
  } catch (e) {
    const error = e instanceof WindowGoneError
      ? { kind: "window_gone" as const, message: e.message, handle: e.handle }
      : e instanceof AppNotRespondingError
      ? { kind: "not_responding" as const, message: e.message }
      : e instanceof ToolError
      ? { kind: "tool" as const, message: e.message, code: e.code, context: e.context }
      : { kind: "error" as const, message: (e as Error).message ?? String(e) };
    scope.postMessage({ kind: "reply", id: request.id, error });
  }
}

/** Opens the desktop, then serves requests until the proxy says close. */
export async function serveDesktop(open: () => Promise<WorkerDesktop>): Promise<void> {
  let desktop: WorkerDesktop;
  try {
    desktop = await open();
  } catch (e) {
    scope.postMessage({ kind: "failed", message: (e as Error).message });
    scope.close();
    return;
  }
  let queue = Promise.resolve();
  const heartbeat = setInterval(() => scope.postMessage({ kind: "alive" }), HEARTBEAT_MS);
  scope.onmessage = ({ data }) => {
    if (data.kind === "room") return desktop.replyRoom?.offer(data.buffer);
    if (data.kind === "request") {
      if (desktop.servedAtOnce?.has(data.request.method)) serve(desktop, data.request);
      else queue = queue.then(() => serve(desktop, data.request));
      return;
    }
    queue = queue.then(async () => {
      clearInterval(heartbeat);
      await desktop.close();
      scope.postMessage({ kind: "closed" });
      scope.close();
    });
  };
  scope.postMessage({
    kind: "ready",
    treeSource: desktop.treeSource(),
    encodes: desktop.encodedScreenshot !== undefined,
  });
}
