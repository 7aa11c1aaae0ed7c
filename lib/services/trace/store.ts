// The traces on disk: the tracing folder's trace sub-folders, read by id or
// by a path a client names. Client paths are confined to the tracing folder
// (lib/support/files.ts); every file is checked whole before use (../../formats/trace/parse.ts).

import { basename, dirname, join, resolve } from "node:path";
import { ToolError } from "../../model/errors.ts";
import { type FileRoots, readConfinedFile } from "../../support/files.ts";
import type { TraceContext } from "./context.ts";
import { TRACE_FILE, TRACE_ID } from "../../formats/trace/format.ts";
import { type ParsedTrace, parseTrace, TraceProblem } from "../../formats/trace/parse.ts";

export interface StoredTrace extends ParsedTrace {
  /** The trace folder, as the tracing folder names it. */
  dir: string;
  /** The trace.jsonl path. */
  path: string;
}

/** The one folder clients may read traces from. */
export function tracingRoots(session: TraceContext): FileRoots {
  return { dirs: [resolve(session.config.tracing.dir)], configKey: "tracing.dir" };
}

/** `trace_id` checked by shape first: it becomes a path. */
export function traceDirOf(session: TraceContext, traceId: string): string {
  if (!TRACE_ID.test(traceId)) {
    throw new ToolError("BadRequest", `'${traceId}' is not a trace_id (trace- and 8 hex digits)`, {
      trace_id: traceId,
    });
  }
  return join(session.config.tracing.dir, traceId);
}

export function loadTraceById(session: TraceContext, traceId: string): Promise<StoredTrace> {
  return loadTracePath(session, traceDirOf(session, traceId), traceId);
}

/**
 * A trace named by a client: a trace.jsonl file or its folder, inside the
 * tracing folder (PermissionDenied elsewhere, whatever is there).
 */
export async function loadTracePath(
  session: TraceContext,
  path: string,
  traceId?: string,
): Promise<StoredTrace> {
  const file = basename(path) === TRACE_FILE || path.endsWith(".jsonl")
    ? path
    : join(path, TRACE_FILE);
  let bytes: Uint8Array;
  try {
    bytes = await readConfinedFile(file, {
      roots: tracingRoots(session),
      maxBytes: session.config.limits.file_bytes,
      purpose: "trace file",
    });
  } catch (e) {
    if (e instanceof ToolError) throw e;
    if (e instanceof Deno.errors.NotFound) {
      throw traceId === undefined
        ? new ToolError("TraceNotFound", `could not load trace: no trace file at ${file}`, { path })
        : new ToolError("TraceNotFound", `no trace ${traceId} in ${session.config.tracing.dir}`, {
          trace_id: traceId,
        });
    }
    throw new ToolError("TraceInvalid", `could not load trace: ${(e as Error).message}`, { path });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ToolError("TraceInvalid", "could not load trace: the file is not UTF-8 text", {
      path,
    });
  }
  try {
    return { ...parseTrace(text), dir: dirname(file), path: file };
  } catch (e) {
    if (!(e instanceof TraceProblem)) throw e;
    throw new ToolError("TraceInvalid", `could not load trace: ${e.message}`, {
      path: file,
      ...(e.line > 0 ? { line: e.line } : {}),
      ...e.extra,
    });
  }
}

export interface TraceListing {
  trace_id: string;
  label: string | null;
  started_at: string | null;
  stopped: boolean;
  step_count: number | null;
  problem: string | null;
}

/** Newest first; a folder whose trace cannot be read is listed with its problem. */
export async function listTraces(session: TraceContext, limit: number): Promise<TraceListing[]> {
  const ids: Array<{ id: string; mtime: number }> = [];
  try {
    for await (const entry of Deno.readDir(session.config.tracing.dir)) {
      if (!entry.isDirectory || !TRACE_ID.test(entry.name)) continue;
      const stat = await Deno.stat(join(session.config.tracing.dir, entry.name)).catch(() => null);
      ids.push({ id: entry.name, mtime: stat?.mtime?.getTime() ?? 0 });
    }
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw new ToolError("Internal", `could not list ${session.config.tracing.dir}: ${e}`);
  }
  ids.sort((a, b) => b.mtime - a.mtime || (a.id < b.id ? -1 : 1));
  const listed: TraceListing[] = [];
  for (const { id } of ids.slice(0, limit)) {
    try {
      const trace = await loadTraceById(session, id);
      listed.push({
        trace_id: id,
        label: trace.header.label ?? null,
        started_at: trace.header.started_at,
        stopped: trace.footer !== null,
        step_count: trace.rows.length,
        problem: null,
      });
    } catch (e) {
      listed.push({
        trace_id: id,
        label: null,
        started_at: null,
        stopped: false,
        step_count: null,
        problem: (e as Error).message,
      });
    }
  }
  return listed;
}
