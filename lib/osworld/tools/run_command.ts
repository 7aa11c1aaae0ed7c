// run_command: a program or a shell line of the operator's choosing — only
// when the operator allowed commands (--allow-task-commands or
// osworld.allow_commands); refused otherwise. OSWorld's task steps and its
// in-VM server's /execute, /run_python, /run_bash_script and /setup/launch run
// their commands through it, so each is one audited, budgeted call.

import { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import type { Session } from "../../runtime/session.ts";
import { ACTS, defineTool } from "../../runtime/registry.ts";
import { CONFIRM_TOKEN } from "../../tools/shared/args.ts";
import { confirmGate } from "../../services/safety/confirm_gate.ts";

/** Most output kept of each stream; the rest is cut (and said). */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

export function refuseCommandsOff(): never {
  throw new ToolError(
    "PermissionDenied",
    "running commands is off: the operator allows it with --allow-task-commands or " +
      "osworld.allow_commands in config.json",
    { config_key: "osworld.allow_commands" },
  );
}

export function commandsAllowed(session: Session): boolean {
  return session.config.osworld.allow_commands;
}

/** Reads a stream to its end, keeping at most `max` bytes. */
async function collect(stream: ReadableStream<Uint8Array>, max: number) {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let cut = false;
  for await (const chunk of stream) {
    const room = max - kept;
    if (room <= 0) {
      cut = true;
      continue;
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    cut ||= part.length < chunk.length;
    chunks.push(part);
    kept += part.length;
  }
  const all = new Uint8Array(kept);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return { text: new TextDecoder().decode(all), cut };
}

export interface CommandRun {
  returncode: number;
  stdout: string;
  stderr: string;
  timed_out: boolean;
  output_cut: boolean;
}

/**
 * Runs argv to its end (killed at the timeout) with no input; stderr merged
 * into stdout when asked, as a shell's 2>&1 would.
 */
export async function runToEnd(
  argv: string[],
  options: { timeoutMs: number; cwd?: string; mergeStderr: boolean; signal?: AbortSignal },
): Promise<CommandRun> {
  const [program, ...args] = options.mergeStderr
    ? ["sh", "-c", 'exec "$0" "$@" 2>&1', ...argv]
    : argv;
  const child = new Deno.Command(program, {
    args,
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch {
      // gone already
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  // The caller has gone: nobody waits for the output any more.
  options.signal?.addEventListener("abort", kill, { once: true });
  try {
    const [stdout, stderr, status] = await Promise.all([
      collect(child.stdout, MAX_OUTPUT_BYTES),
      collect(child.stderr, MAX_OUTPUT_BYTES),
      child.status,
    ]);
    return {
      returncode: status.code,
      stdout: stdout.text,
      stderr: stderr.text,
      timed_out: timedOut,
      output_cut: stdout.cut || stderr.cut,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", kill);
  }
}

/** Starts argv and lets it run on; its pid. */
export function launchDetached(argv: string[]): number {
  const child = new Deno.Command(argv[0], {
    args: argv.slice(1),
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  child.unref();
  child.status.catch(() => {});
  return child.pid;
}

export const runCommandTool = defineTool({
  name: "run_command",
  description: "Run a program (argv) or a shell line as the service's user, only when the " +
    "operator allows commands (--allow-task-commands or osworld.allow_commands; refused " +
    "otherwise). wait true: its exit code and output, killed at timeout_s. wait false: " +
    "started and left running (its pid).",
  kind: "input",
  input: z.object({
    argv: z.array(z.string().max(64 * 1024).describe("One argument.")).min(1).max(1000)
      .optional().describe("The program and its arguments, run without a shell."),
    shell: z.string().min(1).max(256 * 1024).optional().describe(
      "A line for /bin/sh -c instead of argv (give one of the two).",
    ),
    cwd: z.string().min(1).max(4096).optional().describe(
      "The folder it runs in; default the service's.",
    ),
    wait: z.boolean().default(true).describe(
      "true (default): wait for it to end; false: start it and answer at once.",
    ),
    timeout_s: z.number().min(0.1).max(3600).default(120).describe(
      "Seconds until a waited-for command is killed (default 120, at most 3600).",
    ),
    merge_stderr: z.boolean().default(false).describe(
      "true: stderr is written into stdout, in order (a shell's 2>&1).",
    ),
    confirm_token: CONFIRM_TOKEN,
  }),
  output: z.object({
    launched: z.literal(true).optional().describe("wait false: it was started and left running."),
    pid: z.number().int().optional().describe("wait false: its process id."),
    returncode: z.number().int().optional().describe(
      "wait true: its exit code (a killed command's is nonzero).",
    ),
    stdout: z.string().optional().describe(
      "wait true: its output (stderr too with merge_stderr), at most 4 MiB.",
    ),
    stderr: z.string().optional().describe(
      'wait true: its error output, at most 4 MiB ("" with merge_stderr).',
    ),
    timed_out: z.boolean().optional().describe("wait true: it was killed at timeout_s."),
    output_cut: z.boolean().optional().describe("wait true: an output was cut at 4 MiB."),
  }).describe("wait true: how the command ended; wait false: that it started."),
  annotations: ACTS,
  async run(args, { session, signal }) {
    // A rule naming this tool needs a token even for a call refused afterwards.
    confirmGate(session, null, null);
    if (!commandsAllowed(session)) refuseCommandsOff();
    if ((args.argv === undefined) === (args.shell === undefined)) {
      throw new ToolError("BadRequest", "give argv or shell (one of the two)");
    }
    const argv = args.argv ?? ["sh", "-c", args.shell!];
    if (args.cwd !== undefined) {
      const stat = await Deno.stat(args.cwd).catch(() => null);
      if (!stat?.isDirectory) {
        throw new ToolError("BadRequest", `cwd '${args.cwd}' is not a folder`, { cwd: args.cwd });
      }
    }
    try {
      if (!args.wait) return { launched: true, pid: launchDetached(argv) };
      return {
        ...await runToEnd(argv, {
          timeoutMs: args.timeout_s * 1000,
          cwd: args.cwd,
          mergeStderr: args.merge_stderr,
          signal,
        }),
      };
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) {
        throw new ToolError("BadRequest", `no program '${argv[0]}'`, { program: argv[0] });
      }
      throw e;
    }
  },
});
