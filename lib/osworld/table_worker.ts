// Worker side of lib/osworld/table_off_thread.ts: holds the cl100k encoder
// and cuts tables to their token budget off the HTTP thread.

import { answerJobs } from "../core/off_thread.ts";
import { cl100k, cutTable, type LinearizedTable } from "./table.ts";

export interface TableJob {
  lines: string[];
  maxTokens: number;
}

answerJobs<TableJob, LinearizedTable>(
  ({ lines, maxTokens }) => cutTable(lines, maxTokens, cl100k()),
  () => [],
);
