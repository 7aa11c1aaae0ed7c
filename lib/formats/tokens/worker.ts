// Worker side of lib/formats/tokens/off_thread.ts: holds the cl100k encoder, counts
// tokens and cuts OSWorld tables to their budget off the HTTP thread.

import { answerJobs } from "../../support/off_thread.ts";
import { cl100k, countTokens } from "./cl100k.ts";
import { cutTable } from "./cut_table.ts";

export type TokenJob =
  | { kind: "cut_table"; lines: string[]; maxTokens: number }
  | { kind: "count"; texts: string[] };

answerJobs<TokenJob, unknown>(
  (job) =>
    job.kind === "count"
      ? job.texts.map(countTokens)
      : cutTable(job.lines, job.maxTokens, cl100k()),
  () => [],
);
