// Checks an audit log's hash chain (written by lib/services/safety/audit_log.ts): every
// line's hash is recomputed from the line's own text, and every line must name
// its predecessor's hash and seq + 1. An edited, removed, inserted or
// reordered line, or a missing file in the middle, breaks the chain; a
// shortened tail only shows against a head noted elsewhere (`expectHead`).

import { basename, dirname } from "node:path";
import { type AuditHead, GENESIS_PREV, sha256hex, unsealLine } from "./audit_log.ts";

export interface VerifyOptions {
  /** The last record's hash as noted earlier; a different head means a cut tail. */
  expectHead?: string;
}

export interface AuditProblem {
  file: string;
  /** 1-based. */
  line: number;
  problem: string;
}

export interface VerifyReport {
  ok: boolean;
  records: number;
  first_seq: number | null;
  last_seq: number | null;
  head: string | null;
  /**
   * The first record when it is not seq 1: older files were dropped by
   * rotation, so its `prev` cannot be checked and is taken as the anchor.
   */
  anchor: { file: string; line: number; seq: number; prev: string } | null;
  /** An unfinished last line of the newest file: a write cut short by a crash, not a record. */
  partial_tail: { file: string; line: number } | null;
  problems: AuditProblem[];
}

interface ChainRecord extends AuditHead {
  prev: string;
  body: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Verifies the files of one log, oldest first. */
export function verifyLines(
  files: Array<{ name: string; text: string }>,
  options: VerifyOptions = {},
): VerifyReport {
  const report: VerifyReport = {
    ok: true,
    records: 0,
    first_seq: null,
    last_seq: null,
    head: null,
    anchor: null,
    partial_tail: null,
    problems: [],
  };
  const flag = (file: string, line: number, problem: string) =>
    report.problems.push({ file, line, problem });
  // null before the first record; "unknown" after a line that is no record.
  let previous: AuditHead | "unknown" | null = null;
  let headAt = { file: files.at(-1)?.name ?? "", line: 0 };

  files.forEach(({ name, text }, fileIndex) => {
    const lines = text.split("\n");
    const unfinished = lines.pop();
    lines.forEach((line, index) => {
      const lineNo = index + 1;
      const record = parseRecord(line);
      if (typeof record === "string") {
        flag(name, lineNo, record);
        previous = "unknown";
        return;
      }
      if (sha256hex(record.body) !== record.hash) {
        flag(name, lineNo, "the hash does not match the line: the line was edited");
      }
      if (previous === null) {
        if (record.seq !== 1) {
          report.anchor = { file: name, line: lineNo, seq: record.seq, prev: record.prev };
        } else if (record.prev !== GENESIS_PREV) {
          flag(name, lineNo, "seq 1 must have prev 000…0: records before it were removed");
        }
      } else if (previous !== "unknown") {
        if (record.prev !== previous.hash) {
          flag(
            name,
            lineNo,
            `prev does not match the hash of seq ${previous.seq} before it: a record was ` +
              "removed, inserted or moved, or a file is missing",
          );
        }
        if (record.seq !== previous.seq + 1) {
          flag(name, lineNo, `seq ${record.seq} follows seq ${previous.seq}`);
        }
      }
      report.records++;
      report.first_seq ??= record.seq;
      report.last_seq = record.seq;
      report.head = record.hash;
      headAt = { file: name, line: lineNo };
      previous = { seq: record.seq, hash: record.hash };
    });
    if (unfinished) {
      const lineNo = lines.length + 1;
      if (fileIndex === files.length - 1) report.partial_tail = { file: name, line: lineNo };
      else flag(name, lineNo, "an unfinished line (no newline) in a file that is not the newest");
    }
  });

  if (options.expectHead !== undefined && report.head !== options.expectHead) {
    flag(
      headAt.file,
      headAt.line,
      `the last record's hash is ${report.head ?? "absent"}, expected ${options.expectHead}: ` +
        "records were removed from the end",
    );
  }
  report.ok = report.problems.length === 0;
  return report;
}

/** Verifies `path` with its rotated files `path.N … path.1` (all that exist, so gaps show). */
export async function verifyAuditFile(
  path: string,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const files = [];
  for (const name of [...await rotatedFiles(path), path]) {
    try {
      files.push({ name, text: await Deno.readTextFile(name) });
    } catch (error) {
      // The current file alone may be missing, next to backups: a stop right after a rotation.
      if (!(error instanceof Deno.errors.NotFound) || name !== path || files.length === 0) {
        throw error;
      }
    }
  }
  return verifyLines(files, options);
}

/** The record on a line, or what is wrong with the line. */
function parseRecord(line: string): ChainRecord | string {
  if (line === "") return "an empty line";
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return "not JSON";
  }
  if (typeof parsed !== "object" || parsed === null) return "not a JSON object";
  const { seq, prev } = parsed as Record<string, unknown>;
  if (!Number.isSafeInteger(seq) || (seq as number) < 1) {
    return "seq is missing or not a positive integer";
  }
  if (typeof prev !== "string" || !SHA256_HEX.test(prev)) {
    return "prev is missing or not a sha256 hash";
  }
  const sealed = unsealLine(line);
  if (sealed === null) return "the line does not end with its hash";
  return { seq: seq as number, prev, ...sealed };
}

/** `path.N` backups that exist, oldest (highest N) first. */
async function rotatedFiles(path: string): Promise<string[]> {
  const prefix = basename(path) + ".";
  const numbers: number[] = [];
  try {
    for await (const entry of Deno.readDir(dirname(path))) {
      const suffix = entry.name.slice(prefix.length);
      if (entry.name.startsWith(prefix) && /^[1-9]\d*$/.test(suffix)) numbers.push(Number(suffix));
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return numbers.sort((a, b) => b - a).map((n) => `${path}.${n}`);
}
