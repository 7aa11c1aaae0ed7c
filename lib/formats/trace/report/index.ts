// The HTML report of a trace: one self-contained file that opens offline.

export { renderHtmlReport } from "./render_report.ts";
export { REPORT_FILE, writeHtmlReport } from "./write_report.ts";
export {
  readTraceFolder,
  traceFileOf,
  type TraceFolder,
  TraceFolderProblem,
} from "./trace_folder.ts";
