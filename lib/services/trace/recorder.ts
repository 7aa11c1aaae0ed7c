// The active trace: one at a time per service, a folder per trace, and
// trace.jsonl appended one whole line per call, in the order calls finish,
// before the call's answer leaves. A line is written with one write to a
// file opened for appending, so a killed service leaves every completed
// call's line intact (no footer: the trace just ends).

import { join } from "node:path";
import { ToolError } from "../../model/errors.ts";
import {
  SCREENSHOT_DIR,
  TRACE_FILE,
  TRACE_FORMAT,
  type TraceFooter,
  type TraceHeader,
  type TraceRow,
} from "../../formats/trace/format.ts";
import { traceTimestamp } from "../../formats/trace/row_fields.ts";
import { randomHex } from "../../model/hex.ts";

export interface TracingSettings {
  dir: string;
  screenshot_every_n_actions: number;
  max_args_bytes: number;
  redact_keys: string[];
}

export interface ActiveTrace {
  id: string;
  dir: string;
  label: string | null;
  startedAt: number;
  rows: number;
}

/** A row as the recorder completes it: the sequence number is its own. */
export type RowDraft = Omit<TraceRow, "trace_seq">;

/** Whatever must be scrubbed of secrets before it is written (the safety redactor). */
export type Scrub = <T>(value: T) => T;

export class TraceRecorder {
  private current: ActiveTrace | null = null;
  private file: Deno.FsFile | null = null;
  /** Lines are written one after another in the order they were handed over. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly settings: TracingSettings,
    private readonly version: string,
    private readonly scrub: Scrub,
  ) {}

  get active(): ActiveTrace | null {
    return this.current;
  }

  async start(label: string | null): Promise<ActiveTrace> {
    if (this.current) {
      throw new ToolError("BadRequest", "trace already active", { trace_id: this.current.id });
    }
    const id = `trace-${randomHex(4)}`;
    const dir = join(this.settings.dir, id);
    const trace: ActiveTrace = { id, dir, label, startedAt: Date.now(), rows: 0 };
    // Claimed before the first await: a second start arriving meanwhile is refused.
    this.current = trace;
    try {
      await Deno.mkdir(join(dir, SCREENSHOT_DIR), { recursive: true });
      const file = await Deno.open(join(dir, TRACE_FILE), {
        write: true,
        createNew: true,
        append: true,
      });
      const header: TraceHeader = {
        type: "header",
        trace_id: id,
        label: label === null ? null : this.scrub(label),
        started_at: traceTimestamp(new Date(trace.startedAt)),
        tool_version: this.version,
        format: TRACE_FORMAT,
      };
      try {
        await writeWhole(file, this.lineOf(header));
      } catch (e) {
        file.close();
        throw e;
      }
      // Rows are taken only once the header is down.
      this.file = file;
    } catch (e) {
      this.current = null;
      throw new ToolError(
        "Internal",
        `could not start a trace in ${dir}: ${(e as Error).message}`,
        {
          dir,
        },
      );
    }
    return trace;
  }

  async stop(): Promise<{ trace: ActiveTrace; durationMs: number }> {
    const trace = this.current;
    const file = this.file;
    if (!trace || !file) throw new ToolError("BadRequest", "no active trace");
    this.current = null;
    this.file = null;
    let durationMs = 0;
    // After the rows of calls that finished before the stop: they are part of the trace.
    await this.serially(async () => {
      durationMs = Date.now() - trace.startedAt;
      const footer: TraceFooter = {
        type: "footer",
        stopped_at: traceTimestamp(new Date()),
        step_count: trace.rows,
        duration_ms: durationMs,
      };
      await writeWhole(file, this.lineOf(footer));
    }).finally(() => file.close());
    return { trace, durationMs };
  }

  /**
   * Builds the next row (numbered here, so concurrent calls never share a
   * number) and appends it, scrubbed. Rows are built and written one at a
   * time; a row that could not be written rejects and takes no number.
   */
  record(trace: ActiveTrace, build: (seq: number) => Promise<RowDraft>): Promise<void> {
    const file = this.current === trace ? this.file : null;
    if (!file) return Promise.resolve();
    return this.serially(async () => {
      const seq = trace.rows + 1;
      const row: TraceRow = { ...(await build(seq)), trace_seq: seq };
      await writeWhole(file, this.lineOf(row));
      trace.rows = seq;
    });
  }

  async writeScreenshot(trace: ActiveTrace, ref: string, png: Uint8Array): Promise<void> {
    await Deno.writeFile(join(trace.dir, ref), png);
  }

  private serially(task: () => Promise<void>): Promise<void> {
    const done = this.writing.then(task);
    this.writing = done.catch(() => {});
    return done;
  }

  private lineOf(value: unknown): Uint8Array {
    return new TextEncoder().encode(`${JSON.stringify(this.scrub(value))}\n`);
  }
}

async function writeWhole(file: Deno.FsFile, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
}
