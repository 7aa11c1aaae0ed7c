// Reading a trace.jsonl back, strictly: every line is checked before
// anything uses the trace, so a truncated, re-ordered or hand-broken file,
// or one from a newer format, is refused whole with the line that is wrong —
// a replay never runs half of a file it misread.

import { z } from "zod";
import {
  TRACE_FORMAT,
  type TraceFooter,
  traceFooter,
  type TraceHeader,
  traceHeader,
  type TraceRow,
  traceRow,
  TRUNCATED_KEY,
} from "./format.ts";

export interface ParsedTrace {
  header: TraceHeader;
  rows: TraceRow[];
  /** Null when the trace was never stopped (still running, or the service died). */
  footer: TraceFooter | null;
}

/** What is wrong with a trace file, and on which line (1-based; 0: the file as a whole). */
export class TraceProblem extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function issues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

export function parseTrace(text: string): ParsedTrace {
  const lines = text.split("\n");
  const endsCut = !text.endsWith("\n") && text.length > 0;
  let header: TraceHeader | null = null;
  let footer: TraceFooter | null = null;
  const rows: TraceRow[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const number = i + 1;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      const last = i === lines.length - 1;
      throw new TraceProblem(
        last && endsCut
          ? `line ${number} is cut short: the file ends in the middle of a line`
          : `line ${number} is not JSON`,
        number,
      );
    }
    const type = typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as { type?: unknown }).type
      : undefined;
    if (header === null) {
      header = readHeader(value, number);
      continue;
    }
    if (footer !== null) {
      throw new TraceProblem(`line ${number} follows the footer: nothing may`, number);
    }
    if (type === "header") throw new TraceProblem(`line ${number} is a second header`, number);
    if (type === "footer") {
      footer = checked(traceFooter, value, number, "footer");
      if (footer.step_count !== rows.length) {
        throw new TraceProblem(
          `the footer counts ${footer.step_count} steps but the file holds ${rows.length}`,
          number,
        );
      }
      continue;
    }
    const row = checked(traceRow, value, number, "step");
    if (row.trace_seq !== rows.length + 1) {
      throw new TraceProblem(
        `line ${number} has trace_seq ${row.trace_seq} where ${rows.length + 1} was expected ` +
          "(steps removed, re-ordered or repeated)",
        number,
      );
    }
    if (row.args[TRUNCATED_KEY] === true) {
      throw new TraceProblem(
        `step ${row.trace_seq} (${row.tool}) was recorded without its arguments: they were ` +
          "larger than tracing.max_args_bytes, so the step cannot be re-issued",
        number,
      );
    }
    rows.push(row);
  }
  if (header === null) throw new TraceProblem("the file is empty: no header line", 0);
  return { header, rows, footer };
}

function readHeader(value: unknown, number: number): TraceHeader {
  const header = checked(traceHeader, value, number, "header");
  const format = header.format ?? 1;
  if (format > TRACE_FORMAT) {
    throw new TraceProblem(
      `the trace was written in format ${format}, newer than this service reads ` +
        `(${TRACE_FORMAT}); use a newer OS Screen Observer`,
      number,
      { format, supported: TRACE_FORMAT },
    );
  }
  return header;
}

function checked<T>(schema: z.ZodType<T>, value: unknown, number: number, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new TraceProblem(
      `line ${number} is not a valid ${what}: ${issues(parsed.error)}`,
      number,
    );
  }
  return parsed.data;
}
