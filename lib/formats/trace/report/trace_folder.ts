// Reading a trace folder from disk for the report and the OSWorld export:
// trace.jsonl checked whole (../parse.ts), then the screenshots its rows
// name. A screenshot that cannot be read is only absent (the step says so);
// a trace file that cannot be used is a TraceFolderProblem naming file and line.

import { basename, dirname, join } from "node:path";
import { TRACE_FILE } from "../format.ts";
import { type ParsedTrace, parseTrace, TraceProblem } from "../parse.ts";

export interface TraceFolder {
  /** The folder holding trace.jsonl; screenshot refs are relative to it. */
  dir: string;
  /** The trace.jsonl path. */
  file: string;
  trace: ParsedTrace;
  /** PNG bytes by ref (`screenshots/step-00003-full.png`); unreadable files are absent. */
  screenshots: Map<string, Uint8Array>;
}

/** Why a trace could not be read: `file`, and the 1-based `line` (0: the file as a whole). */
export class TraceFolderProblem extends Error {
  constructor(readonly problem: string, readonly file: string, readonly line: number) {
    super(`${line > 0 ? `${file}:${line}` : file}: ${problem}`.replace(/\s*\n\s*/g, " "));
  }
}

/** A trace folder or its trace.jsonl (any *.jsonl path is taken as the file itself). */
export function traceFileOf(path: string): string {
  return basename(path) === TRACE_FILE || path.endsWith(".jsonl") ? path : join(path, TRACE_FILE);
}

export async function readTraceFolder(path: string): Promise<TraceFolder> {
  const file = traceFileOf(path);
  const dir = dirname(file);
  const trace = parseTraceText(file, await readTraceText(file));
  const screenshots = new Map<string, Uint8Array>();
  for (const row of trace.rows) {
    for (const ref of [row.screenshot_full_ref, row.screenshot_window_ref]) {
      if (ref === undefined || screenshots.has(ref)) continue;
      // Refs are checked by the format (screenshots/step-NNNNN-kind.png): no path escapes.
      const bytes = await Deno.readFile(join(dir, ref)).catch(() => null);
      if (bytes) screenshots.set(ref, bytes);
    }
  }
  return { dir, file, trace, screenshots };
}

async function readTraceText(file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new TraceFolderProblem("no such trace file", file, 0);
    }
    if (e instanceof Deno.errors.IsADirectory) {
      throw new TraceFolderProblem("is a folder, not a trace file", file, 0);
    }
    throw new TraceFolderProblem(`cannot be read: ${(e as Error).message}`, file, 0);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TraceFolderProblem("is not UTF-8 text", file, 0);
  }
}

function parseTraceText(file: string, text: string): ParsedTrace {
  try {
    return parseTrace(text);
  } catch (e) {
    if (e instanceof TraceProblem) throw new TraceFolderProblem(e.message, file, e.line);
    throw e;
  }
}
