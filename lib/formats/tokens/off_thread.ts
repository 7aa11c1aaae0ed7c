// Token counts and budget cuts for the service, in a worker: the encoder's
// ~60 MB of rank maps live in the worker's heap, so the HTTP thread neither
// builds them nor pauses to collect them.

import { OffThread } from "../../support/off_thread.ts";
import type { TokenJob } from "./worker.ts";
import { type LinearizedTable } from "./cut_table.ts";

const worker = new OffThread<TokenJob>(new URL("./worker.ts", import.meta.url), "token");

/** cl100k_base tokens of each text. */
export function countTokensOffThread(texts: string[]): Promise<number[]> {
  return worker.run({ kind: "count", texts });
}

/** OSWorld's table `lines` joined and cut to `maxTokens` tokens. */
export function cutTableOffThread(lines: string[], maxTokens: number): Promise<LinearizedTable> {
  return worker.run({ kind: "cut_table", lines, maxTokens });
}

/**
 * Starts the worker and has it build its encoder now, at start-up, not in the
 * first request; resolves once it has.
 */
export async function startTokenWorker(): Promise<void> {
  try {
    await countTokensOffThread(["warm"]);
  } catch {
    // A failed warm-up shows again, with its cause, in the first request.
  }
}
