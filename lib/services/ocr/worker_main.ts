// Worker side of the OCR engine (lib/services/ocr/engine.ts): tesseract.js lives on
// this thread, so starting it — which holds the starting thread for 50–70 ms
// — and everything else it does never stalls the HTTP thread. Its engine
// starts on the first job (a picture, or a warm-up) and stays warm; jobs run
// one at a time.

import { createWorker, type PSM, type Worker } from "tesseract.js";
import eng from "@tesseract.js-data/eng";
import { answerJobs } from "../../support/off_thread.ts";
import { ToolError } from "../../model/errors.ts";
import { lowerPriorityOf, threadIds } from "../../support/thread_priority.ts";
import type { EngineWord } from "../../formats/ocr/words.ts";

/** A picture to read, or (warm) just start the engine now. */
export type OcrJob = { png: Uint8Array; psm: number } | { warm: true };

let engine: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function started(): Promise<Worker> {
  if (engine) return engine;
  const before = new Set(threadIds());
  engine = createWorker("eng", 1, {
    langPath: (eng as { langPath: string }).langPath,
    gzip: true,
    cacheMethod: "none",
    logger: () => {},
  }).then((worker) => {
    // tesseract.js's own thread runs below the HTTP thread too.
    lowerPriorityOf(threadIds().filter((tid) => !before.has(tid)));
    return worker;
  }, (e) => {
    engine = null;
    throw new ToolError(
      "PlatformUnsupported",
      `the OCR engine did not start: ${(e as Error).message ?? e}`,
    );
  });
  return engine;
}

async function read(job: OcrJob): Promise<EngineWord[]> {
  const worker = await started();
  if ("warm" in job) return [];
  await worker.setParameters({ tessedit_pageseg_mode: String(job.psm) as PSM });
  const result = await worker.recognize(job.png, {}, { blocks: true, text: false });
  return wordsOf(result.data.blocks ?? []);
}

answerJobs<OcrJob, EngineWord[]>(
  (job) => {
    const done = queue.then(() => read(job));
    queue = done.catch(() => {});
    return done;
  },
  () => [],
);

interface TesseractBlock {
  paragraphs: Array<{
    lines: Array<{
      words: Array<{
        text: string;
        confidence: number;
        bbox: { x0: number; y0: number; x1: number; y1: number };
      }>;
    }>;
  }>;
}

function wordsOf(blocks: TesseractBlock[]): EngineWord[] {
  const words: EngineWord[] = [];
  blocks.forEach((block, b) =>
    block.paragraphs.forEach((paragraph, p) =>
      paragraph.lines.forEach((line, l) => {
        for (const word of line.words) {
          words.push({
            text: word.text,
            confidence: word.confidence,
            ...word.bbox,
            block: b,
            paragraph: p,
            line: l,
          });
        }
      })
    )
  );
  return words;
}
