// OSWorld's table for the service: rows are drawn from the tree on the
// calling thread (cheap, and the tree stays where it is), the token cut runs
// in a worker. The encoder's ~60 MB of rank maps then live in the worker's
// heap, so the HTTP thread neither builds them nor pauses to collect them.

import { OffThread } from "../core/off_thread.ts";
import type { Element } from "../core/tree.ts";
import { type LinearizedTable, tableLines } from "./table.ts";
import type { TableJob } from "./table_worker.ts";

const worker = new OffThread<TableJob>(new URL("./table_worker.ts", import.meta.url), "table");

/** The linearized table of the tree, cut to `maxTokens` cl100k_base tokens, off the HTTP thread. */
export function linearizedTableOffThread(
  root: Element,
  maxTokens: number,
): Promise<LinearizedTable> {
  return worker.run({ lines: tableLines(root), maxTokens });
}

/**
 * Starts the worker and has it build its encoder now, at start-up, not in the
 * first request; resolves once it has.
 */
export async function startTableWorker(): Promise<void> {
  try {
    await worker.run({ lines: [], maxTokens: 0 });
  } catch {
    // A failed warm-up shows again, with its cause, in the first request.
  }
}
