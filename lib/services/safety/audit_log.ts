// The audit log: one JSON line per input call or refusal, hash-chained so that
// editing, removing or reordering a line is evident (lib/services/safety/audit_verify.ts
// checks it). Each line carries `seq` (continuous across rotations and
// restarts), `prev` (the previous line's hash) and `hash` (sha256 of the line
// without its hash). Appends are queued, so seqs follow call order, and an
// append resolves only once its bytes are in the kernel: a SIGKILL after that
// cannot lose the record. One writer per file.

import { createHash } from "node:crypto";
import { dirname } from "node:path";

export interface AuditLogOptions {
  path: string;
  /**
   * A line that would take the file past this size goes to a fresh file (where
   * a line longer than this is still written whole).
   */
  maxBytes: number;
  /** How many rotated files (`path.1` newest … `path.N`) to keep; 0 deletes. */
  backups: number;
  /**
   * Flush to the disk before an append resolves. Not needed to survive a
   * killed process (the kernel already has the bytes), only a power loss.
   */
  fsync?: boolean;
}

export interface AuditHead {
  seq: number;
  hash: string;
}

/** `prev` of the first record. */
export const GENESIS_PREV = "0".repeat(64);

const RESERVED_FIELDS = ["seq", "prev", "hash"];
const SEALED_SUFFIX = /,"hash":"([0-9a-f]{64})"\}$/;
const NEWLINE = 0x0a;
const encoder = new TextEncoder();

export function sha256hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The line for a serialised record: its body with the body's hash appended. */
export function sealLine(body: string): { line: string; hash: string } {
  const hash = sha256hex(body);
  return { line: `${body.slice(0, -1)},"hash":"${hash}"}`, hash };
}

/** A line's hash as written and its body as hashed; null without a hash at the end. */
export function unsealLine(line: string): { body: string; hash: string } | null {
  const sealed = SEALED_SUFFIX.exec(line);
  if (sealed === null) return null;
  return { body: line.slice(0, sealed.index) + "}", hash: sealed[1] };
}

export class AuditLog {
  private file: Deno.FsFile | null = null;
  /** Bytes of whole lines in the current file. */
  private size = 0;
  /** A failed write may have left part of a line after `size`. */
  private partialWrite = false;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(private readonly options: AuditLogOptions, private last: AuditHead) {}

  static async open(options: AuditLogOptions): Promise<AuditLog> {
    Deno.mkdirSync(dirname(options.path), { recursive: true });
    const log = new AuditLog(options, continuedHead(options.path));
    await log.reopen();
    return log;
  }

  get head(): AuditHead {
    return { ...this.last };
  }

  /** Appends a record; rejects without using up a seq if it cannot be written. */
  append(fields: Record<string, unknown>): Promise<AuditHead> {
    if (this.closed) return Promise.reject(new Error(`audit log ${this.options.path} is closed`));
    const appended = this.queue.then(() => this.write(fields));
    this.queue = appended.catch(() => {});
    return appended;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.file?.close();
    this.file = null;
  }

  private async write(fields: Record<string, unknown>): Promise<AuditHead> {
    const reserved = RESERVED_FIELDS.filter((key) => Object.hasOwn(fields, key));
    if (reserved.length > 0) {
      throw new Error(`audit record fields must not include ${reserved.join(", ")}`);
    }
    const seq = this.last.seq + 1;
    const { line, hash } = sealLine(JSON.stringify({ seq, ...fields, prev: this.last.hash }));
    const bytes = encoder.encode(line + "\n");
    try {
      await this.handOver(bytes);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`audit log ${this.options.path}: record ${seq} not written: ${reason}`, {
        cause: error,
      });
    }
    this.last = { seq, hash };
    return this.head;
  }

  private async handOver(bytes: Uint8Array): Promise<void> {
    let file = this.file ?? await this.reopen();
    if (this.partialWrite) {
      // Drop what a failed write left, so the next line starts on a line boundary.
      await file.truncate(this.size);
      this.partialWrite = false;
    }
    if (this.size > 0 && this.size + bytes.length > this.options.maxBytes) {
      file = await this.rotate();
    }
    this.partialWrite = true;
    for (let written = 0; written < bytes.length;) {
      written += await file.write(bytes.subarray(written));
    }
    if (this.options.fsync) await file.syncData();
    this.partialWrite = false;
    this.size += bytes.length;
  }

  /** Shifts `path` → `path.1` → … → `path.backups` (the oldest falls off) and starts afresh. */
  private async rotate(): Promise<Deno.FsFile> {
    const { path, backups } = this.options;
    this.file?.close();
    this.file = null;
    if (backups === 0) {
      await Deno.remove(path);
    } else {
      for (let n = backups - 1; n >= 1; n--) {
        await renameIfPresent(`${path}.${n}`, `${path}.${n + 1}`);
      }
      await Deno.rename(path, `${path}.1`);
    }
    return await this.reopen();
  }

  private async reopen(): Promise<Deno.FsFile> {
    const file = await Deno.open(this.options.path, { append: true, create: true });
    this.size = (await file.stat()).size;
    this.file = file;
    return file;
  }
}

async function renameIfPresent(from: string, to: string): Promise<void> {
  try {
    await Deno.rename(from, to);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
}

/**
 * Where the chain left off: the last record of `path`, or of `path.1` when
 * `path` has none yet (a restart right after a rotation).
 *
 * A trailing partial line in `path` (no newline: the process died mid-write)
 * is cut off. Its append never resolved, so no caller was told it was logged,
 * and appending after it would merge two records into one broken line.
 */
function continuedHead(path: string): AuditHead {
  return lastRecord(path, { cutPartialTail: true }) ??
    lastRecord(`${path}.1`, { cutPartialTail: false }) ??
    { seq: 0, hash: GENESIS_PREV };
}

function lastRecord(
  path: string,
  { cutPartialTail }: { cutPartialTail: boolean },
): AuditHead | null {
  let bytes: Uint8Array;
  try {
    bytes = Deno.readFileSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
  const end = bytes.lastIndexOf(NEWLINE);
  if (cutPartialTail && end + 1 < bytes.length) Deno.truncateSync(path, end + 1);
  if (end < 0) return null;
  const start = end === 0 ? 0 : bytes.lastIndexOf(NEWLINE, end - 1) + 1;
  const line = new TextDecoder().decode(bytes.subarray(start, end));
  const record = parsedRecord(line);
  if (record === null) {
    throw new Error(
      `audit log ${path}: the last line is not an audit record, so the chain cannot be ` +
        `continued; check the file with \`deno task audit-verify ${path}\``,
    );
  }
  return record;
}

function parsedRecord(line: string): AuditHead | null {
  const sealed = unsealLine(line);
  if (sealed === null) return null;
  try {
    const { seq } = JSON.parse(line);
    return Number.isSafeInteger(seq) && seq > 0 ? { seq, hash: sealed.hash } : null;
  } catch {
    return null;
  }
}
