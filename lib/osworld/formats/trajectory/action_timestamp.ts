// OSWorld's runner stamps each action with strftime("%Y%m%d@%H%M%S") of its
// local clock; a trace keeps UTC, so the export stamps the row's UTC time.

import { traceTimeMs } from "../../../formats/trace/report/trace_time.ts";

/** For a row whose time cannot be read: still sorts first and names a file. */
export const UNKNOWN_TIMESTAMP = "00000000@000000";

export function actionTimestamp(ts: string): string {
  const ms = traceTimeMs(ts);
  if (ms === null) return UNKNOWN_TIMESTAMP;
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(d.getUTCFullYear()).padStart(4, "0")}${two(d.getUTCMonth() + 1)}${
    two(d.getUTCDate())
  }@${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}
