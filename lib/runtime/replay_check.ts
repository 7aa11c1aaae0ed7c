// Before a replay runs anything: every step must name a tool this service
// has (and not a trace or replay tool), and a step that succeeded when it was
// recorded must carry arguments that tool accepts — otherwise the file was
// edited into something that never ran, and the replay is refused whole.

import { ToolError } from "../model/errors.ts";
import type { Tool } from "./registry.ts";
import { UNTRACED_TOOLS } from "./trace_call.ts";
import type { StoredTrace } from "../services/trace/store.ts";
import { formatIssues } from "./answer.ts";

export function checkReplayable(trace: StoredTrace, tools: ReadonlyMap<string, Tool>): void {
  for (const row of trace.rows) {
    const where = { path: trace.path, trace_seq: row.trace_seq, tool: row.tool };
    const tool = tools.get(row.tool);
    if (!tool || UNTRACED_TOOLS.has(row.tool)) {
      throw new ToolError(
        "TraceInvalid",
        `could not load trace: step ${row.trace_seq} names ${
          tool ? "a tool that is never traced" : "no tool of this service"
        }: '${row.tool}'`,
        where,
      );
    }
    if (row.result_summary.ok !== true) continue;
    const parsed = tool.input.safeParse(row.args);
    if (!parsed.success) {
      throw new ToolError(
        "TraceInvalid",
        `could not load trace: step ${row.trace_seq} (${row.tool}) succeeded when recorded, ` +
          `but its arguments do not fit the tool: ${formatIssues(parsed.error)}`,
        where,
      );
    }
  }
}
