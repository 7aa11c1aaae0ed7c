// The report of a trace folder, written to disk (default: report.html in the folder).

import { join } from "node:path";
import { renderHtmlReport } from "./render_report.ts";
import { readTraceFolder } from "./trace_folder.ts";

export const REPORT_FILE = "report.html";

/**
 * Reads the trace at `tracePath` (its folder or its trace.jsonl), writes the
 * report to `outFile` (default `<trace dir>/report.html`) and returns its path.
 * Throws TraceFolderProblem when the trace cannot be used.
 */
export async function writeHtmlReport(tracePath: string, outFile?: string): Promise<string> {
  const folder = await readTraceFolder(tracePath);
  const out = outFile ?? join(folder.dir, REPORT_FILE);
  await Deno.writeTextFile(out, renderHtmlReport(folder.trace, folder.screenshots));
  return out;
}
