// `deno task audit-verify <file> [--head <hash>] [--json]`: checks an audit
// log with its rotated files, for an operator or a cron job. Exit code 0 when
// the chain is intact, 1 when it was tampered with, 2 when it could not be
// checked (bad arguments, unreadable file).

import { verifyAuditFile, type VerifyReport } from "../../services/safety/audit_verify.ts";

const USAGE = "usage: audit_cli.ts <file> [--head <sha256 hex>] [--json]";

interface CliOptions {
  file: string;
  head?: string;
  json: boolean;
}

function parseArgs(args: string[]): CliOptions | null {
  const positional: string[] = [];
  let head: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--json") json = true;
    else if (args[i] === "--head") head = args[++i];
    else if (args[i].startsWith("--head=")) head = args[i].slice("--head=".length);
    else if (args[i].startsWith("-")) return null;
    else positional.push(args[i]);
  }
  if (positional.length !== 1) return null;
  if (head !== undefined && !/^[0-9a-f]{64}$/.test(head)) return null;
  return { file: positional[0], head, json };
}

/** The verdict in lines: problems or a summary, after notes on what was taken on trust. */
function verdictLines(report: VerifyReport): string[] {
  const lines: string[] = [];
  if (report.anchor !== null) {
    const { file, line, seq, prev } = report.anchor;
    lines.push(
      `note: ${file}:${line}: the kept chain starts at seq ${seq} (older records were ` +
        `rotated out); its prev ${prev} is taken on trust`,
    );
  }
  if (report.partial_tail !== null) {
    const { file, line } = report.partial_tail;
    lines.push(`note: ${file}:${line}: an unfinished last line (a write cut short) was ignored`);
  }
  if (!report.ok) {
    return [...lines, ...report.problems.map((p) => `TAMPERED ${p.file}:${p.line}: ${p.problem}`)];
  }
  const range = report.records === 0
    ? ""
    : `, seq ${report.first_seq}–${report.last_seq}, head ${report.head}`;
  return [...lines, `audit log OK: ${report.records} records${range}`];
}

async function main(args: string[]): Promise<number> {
  const options = parseArgs(args);
  if (options === null) {
    console.error(USAGE);
    return 2;
  }
  let report: VerifyReport;
  try {
    report = await verifyAuditFile(options.file, { expectHead: options.head });
  } catch (error) {
    console.error(`cannot read ${options.file}: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
  console.log(options.json ? JSON.stringify(report, null, 2) : verdictLines(report).join("\n"));
  return report.ok ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
