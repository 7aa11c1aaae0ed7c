// The OCR engine, seen from the service: tesseract.js with the English data
// of @tesseract.js-data/eng read from the local npm cache — nothing is
// downloaded at run time — on worker threads of its own (./worker_main.ts).
// Each worker's engine starts on its first job and stays warm; calls beyond
// the pool wait their turn, and a picture read recently is answered from
// memory.

import type { EngineWord } from "../../formats/ocr/words.ts";
import eng from "@tesseract.js-data/eng";
import { ToolError } from "../../model/errors.ts";
import { OffThread } from "../../support/off_thread.ts";
import { hexOf } from "../../model/hex.ts";
import type { OcrJob } from "./worker_main.ts";
import { LruCache } from "../../support/lru_cache.ts";

export class OcrUnavailableError extends Error {}

export const OCR_HINT = "OCR runs in-process with tesseract.js and the English data of the npm " +
  "package @tesseract.js-data/eng (fetched with the other dependencies on first start; nothing " +
  "is downloaded while the service runs). Set ocr.enabled to false in config.json to turn it off.";

const LANG_PATH: string = (eng as { langPath: string }).langPath;
const WORKER = new URL("./worker_main.ts", import.meta.url);
const DATA_RECHECK_MS = 1000;
let dataFound = false;
let dataLookedAt = -Infinity;

interface Slot {
  thread: OffThread<OcrJob>;
  busy: boolean;
}

export class OcrEngine {
  private readonly slots: Slot[];
  private readonly waiting: Array<() => void> = [];
  private failure: string | null = null;
  private engineUp = false;
  /** Pictures the engine read, and reads answered from memory (here or by the caller). */
  readonly counters = { engineReads: 0, reused: 0 };
  private enginesStarting = false;
  /** Words of recently read pictures by their hash: agents read an unchanged screen again. */
  private readonly recent: LruCache<string, EngineWord[]>;

  constructor(size: number, remembered: number) {
    this.recent = new LruCache(remembered);
    this.slots = Array.from({ length: size }, (_, i) => ({
      thread: new OffThread<OcrJob>(WORKER, `OCR ${i + 1}`),
      busy: false,
    }));
  }

  /**
   * Whether the language data is where the engine will look (never starts a
   * worker). Once found it stays found; a miss is looked at again at most once
   * a second (health checks ask on every poll, and a stat is most of their cost).
   */
  static dataPresent(): boolean {
    if (dataFound) return true;
    const now = performance.now();
    if (now - dataLookedAt < DATA_RECHECK_MS) return false;
    dataLookedAt = now;
    try {
      dataFound = Deno.statSync(`${LANG_PATH}/eng.traineddata.gz`).isFile;
    } catch {
      dataFound = false;
    }
    return dataFound;
  }

  static get dataPath(): string {
    return LANG_PATH;
  }

  /** Why OCR cannot run, or null while it can (as far as is known). */
  get unavailable(): string | null {
    if (this.failure) return this.failure;
    return OcrEngine.dataPresent() ? null : `the English OCR data is missing at ${LANG_PATH}`;
  }

  /**
   * Starts the worker threads (a thread start holds the starting thread, which
   * belongs at start-up). Their engines start on their first picture, or now
   * in the background with `engines` (1.5 s of one core each).
   */
  startWorkers(engines: boolean): void {
    for (const slot of this.slots) slot.thread.start();
    if (engines) this.startEngines();
  }

  /** Whether an engine has read or warmed up: a read now does not wait for one to start. */
  get started(): boolean {
    return this.engineUp;
  }

  /** Starts every worker's engine in the background, once. */
  startEngines(): void {
    if (this.enginesStarting) return;
    this.enginesStarting = true;
    for (const slot of this.slots) {
      slot.thread.run({ warm: true }).then(
        () => this.engineUp = true,
        (e) => {
          // An engine that cannot run says why from now on; another failure is tried again.
          if (e instanceof ToolError && e.code === "PlatformUnsupported") this.failure = e.message;
          else this.enginesStarting = false;
        },
      );
    }
  }

  /** The words of a prepared picture; a picture read before is answered from memory. */
  async recognize(png: Uint8Array, psm: number): Promise<EngineWord[]> {
    const problem = this.unavailable;
    if (problem) throw new OcrUnavailableError(problem);
    const key = `${psm}:${await digest(png)}`;
    const known = this.recent.get(key);
    if (known) {
      this.counters.reused++;
      return known;
    }
    const slot = await this.acquire();
    let words: EngineWord[];
    try {
      words = await slot.thread.run<EngineWord[]>({ png, psm }, [png.buffer as ArrayBuffer]);
    } catch (e) {
      if (e instanceof ToolError && e.code === "PlatformUnsupported") {
        this.failure = e.message;
        throw new OcrUnavailableError(e.message);
      }
      throw e;
    } finally {
      this.release(slot);
    }
    this.engineUp = true;
    this.counters.engineReads++;
    this.recent.set(key, words);
    return words;
  }

  close(): void {
    for (const slot of this.slots) slot.thread.stop();
  }

  private async acquire(): Promise<Slot> {
    while (true) {
      const idle = this.slots.find((s) => !s.busy);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.waiting.shift()?.();
  }
}

async function digest(bytes: Uint8Array): Promise<string> {
  // Async: hashed off the HTTP thread.
  return hexOf(
    new Uint8Array(await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>)),
  );
}
