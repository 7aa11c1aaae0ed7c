// /execute and its kin. An agent's pyautogui program (the harness's prefix
// and code) is parsed and performed by run_pyautogui, never run as Python;
// every other command, script or program runs through run_command, which
// refuses unless the operator allowed commands. Unlike the original,
// /run_bash_script runs its script once and answers.

import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Session } from "../../../runtime/session.ts";
import { classifyExecute, pythonPlatformName } from "../../formats/vm/execute_request.ts";
import { type Called, callTool, failed, home, json, jsonBody, text } from "./answer.ts";
import { clientSignal } from "../../../interfaces/http/connection.ts";

/** The original's /execute timeout. */
const EXECUTE_TIMEOUT_S = 240;
const RUN_PYTHON_TIMEOUT_S = 30;
/** Longest verification wait a request may ask for. */
const MAX_VERIFY_S = 120;

const COMMAND = z.union([
  z.string().max(256 * 1024).describe("A command line"),
  z.array(z.string().max(256 * 1024).describe("An argument")).max(1000).describe("argv"),
]).describe("The command: argv, or a string (split like shlex unless shell)");

const ExecuteBody = z.looseObject({
  command: COMMAND,
  shell: z.boolean().default(false).describe("Run the command by a shell"),
});

/** The fields /execute answers with, from a finished run_command. */
function executed(called: Called) {
  const run = called.body as { returncode: number; stdout: string; stderr: string };
  return { status: "success", output: run.stdout, error: run.stderr, returncode: run.returncode };
}

/** A refusal by the rails or the tool, with the original's error shape and the call's status. */
function refused(c: Context, called: Called, extra = {}): Response {
  return failed(c, called.status, called.message, { code: called.code, ...extra });
}

async function execute(
  c: Context,
  session: Session,
  body: z.output<typeof ExecuteBody>,
): Promise<{ response: Response; ok: boolean; fields: Record<string, unknown> }> {
  const request = classifyExecute(body.command, body.shell, home());
  const done = (status: number, fields: Record<string, unknown>, ok = status === 200) => ({
    response: json(c, fields, status),
    ok,
    fields,
  });
  switch (request.kind) {
    case "invalid":
      return done(400, { status: "error", message: request.message });
    case "platform":
      return done(200, {
        status: "success",
        output: `${pythonPlatformName(Deno.build.os)}\n`,
        error: "",
        returncode: 0,
      });
    case "pyautogui": {
      // OSWorld's harness sends screen pixels, whatever space the session's own agent declared.
      const called = await callTool(
        session,
        "run_pyautogui",
        { code: request.code, coordinate_space: "screen" },
        clientSignal(c.req.raw),
      );
      if (called.ok) return done(200, { status: "success", output: "", error: "", returncode: 0 });
      // What ran (if anything) is in the audit log; the program failed as a whole.
      if (called.status === 400 || called.status >= 500 || called.code === "Timeout") {
        return done(200, {
          status: "error",
          output: "",
          error: called.message,
          returncode: 1,
        }, false);
      }
      return done(called.status, { status: "error", message: called.message, code: called.code });
    }
    case "command": {
      const called = await callTool(session, "run_command", {
        ...(request.shell ? { shell: request.argv[0] } : { argv: request.argv }),
        timeout_s: EXECUTE_TIMEOUT_S,
      }, clientSignal(c.req.raw));
      if (!called.ok) {
        return done(called.status, { status: "error", message: called.message, code: called.code });
      }
      return done(200, executed(called));
    }
  }
}

const VerifyBody = ExecuteBody.extend({
  verification: z.object({
    window_exists: z.string().max(1000).optional().describe("A window title holding this"),
    command_success: z.string().max(64 * 1024).optional().describe(
      "A shell line that must exit 0",
    ),
  }).optional().describe("What must hold after the command"),
  max_wait_time: z.number().min(0).max(MAX_VERIFY_S).default(10).describe("Seconds to wait"),
  check_interval: z.number().min(0.1).max(60).default(1).describe("Seconds between checks"),
});

/** Whether the verification holds now. */
async function verified(
  session: Session,
  verification: NonNullable<z.output<typeof VerifyBody>["verification"]>,
  signal: AbortSignal,
): Promise<boolean> {
  if (verification.window_exists !== undefined) {
    const listed = await callTool(session, "list_windows", {}, signal);
    const wanted = verification.window_exists.toLowerCase();
    const windows = (listed.body.windows ?? []) as { title?: string }[];
    if (!windows.some((w) => (w.title ?? "").toLowerCase().includes(wanted))) return false;
  }
  if (verification.command_success !== undefined) {
    const run = await callTool(session, "run_command", {
      shell: verification.command_success,
      timeout_s: 5,
    }, signal);
    if (!run.ok || (run.body as { returncode: number }).returncode !== 0) return false;
  }
  return true;
}

async function executeWithVerification(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, VerifyBody);
  if (!body.ok) return body.response;
  const ran = await execute(c, session, body.value);
  const verification = body.value.verification;
  if (!ran.ok || verification === undefined) return ran.response;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started) / 1000;
  const signal = clientSignal(c.req.raw);
  while (!signal.aborted) {
    if (await verified(session, verification, signal)) {
      return json(c, { ...ran.fields, verification: "passed", wait_time: elapsed() });
    }
    if (elapsed() + body.value.check_interval > body.value.max_wait_time) break;
    await new Promise((resolve) => setTimeout(resolve, body.value.check_interval * 1000));
  }
  return json(c, {
    ...ran.fields,
    status: "verification_failed",
    verification: "failed",
    wait_time: body.value.max_wait_time,
  }, 408);
}

const RunPythonBody = z.looseObject({
  code: z.string().max(1024 * 1024).optional().describe("Python source"),
});

async function runPython(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, RunPythonBody);
  if (!body.ok) return body.response;
  if (!body.value.code) return failed(c, 400, "Code not supplied!");
  const called = await callTool(session, "run_command", {
    argv: ["python3", "-c", body.value.code],
    timeout_s: RUN_PYTHON_TIMEOUT_S,
  }, clientSignal(c.req.raw));
  if (!called.ok) return refused(c, called);
  const run = called.body as {
    returncode: number;
    stdout: string;
    stderr: string;
    timed_out: boolean;
  };
  if (run.timed_out) {
    return json(c, {
      status: "error",
      message: `Execution timeout after ${RUN_PYTHON_TIMEOUT_S} seconds`,
      error: "TimeoutExpired",
      need_more: false,
      output: null,
    }, 408);
  }
  return json(c, {
    status: run.returncode === 0 ? "success" : "error",
    message: `${run.stdout}\n${run.stderr}`,
    need_more: false,
    output: run.stdout,
    error: run.stderr || (run.returncode === 0 ? "" : `Process exited with code ${run.returncode}`),
    return_code: run.returncode,
  });
}

const BashBody = z.looseObject({
  script: z.string().max(1024 * 1024).optional().describe("The bash script"),
  timeout: z.number().min(1).max(3600).default(100).describe("Seconds until it is killed"),
  working_dir: z.string().max(4096).nullable().default(null).describe("The folder it runs in"),
});

async function runBashScript(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, BashBody);
  if (!body.ok) return body.response;
  const shape = (status: string, output: string, returncode: number) => ({
    status,
    output,
    error: "",
    returncode,
  });
  const { script, timeout, working_dir: cwd } = body.value;
  if (!script) return json(c, shape("error", "Script not supplied!", -1), 400);
  if (cwd !== null && !(await Deno.stat(cwd).then((s) => s.isDirectory, () => false))) {
    return json(c, shape("error", `Working directory not found: ${cwd}`, -1), 400);
  }
  const called = await callTool(session, "run_command", {
    argv: ["bash", "-c", script],
    ...(cwd === null ? {} : { cwd }),
    timeout_s: timeout,
    merge_stderr: true,
  }, clientSignal(c.req.raw));
  if (!called.ok) return json(c, shape("error", called.message, -1), called.status);
  const run = called.body as { returncode: number; stdout: string; timed_out: boolean };
  if (run.timed_out) {
    return json(c, shape("error", `Script execution timed out after ${timeout} seconds`, -1), 408);
  }
  return json(c, shape(run.returncode === 0 ? "success" : "error", run.stdout, run.returncode));
}

async function launch(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, ExecuteBody);
  if (!body.ok) return body.response;
  const { command, shell } = body.value;
  const called = await callTool(session, "osworld_task", {
    task: JSON.stringify({
      id: "setup/launch",
      config: [{ type: "launch", parameters: { command, shell } }],
    }),
    phase: "setup",
  }, clientSignal(c.req.raw));
  const answer = setupOutcome(called);
  if (answer.status !== 200) return failed(c, answer.status, answer.message);
  const shown = typeof command === "string" ? command : command.join(" ");
  return text(c, `${shown} launched successfully`);
}

/** One setup step run by osworld_task: 200, or the status and message of what stopped it. */
export function setupOutcome(
  called: Called,
): { status: number; message: string; step: Record<string, unknown> } {
  if (!called.ok) return { status: called.status, message: called.message, step: {} };
  const body = called.body as {
    supported: boolean;
    unsupported?: string[];
    steps?: Record<string, unknown>[];
  };
  if (!body.supported) {
    return { status: 403, message: (body.unsupported ?? []).join("; "), step: {} };
  }
  const step = body.steps?.[0] ?? {};
  if (step.ok === false) {
    const status = step.missing === true ? 404 : step.timed_out === true ? 408 : 500;
    return { status, message: String(step.error ?? "the step failed"), step };
  }
  return { status: 200, message: "", step };
}

export function executeRoutes(app: Hono, session: Session): void {
  for (const path of ["/execute", "/setup/execute"]) {
    app.post(path, async (c) => {
      const body = await jsonBody(c, ExecuteBody);
      return body.ok ? (await execute(c, session, body.value)).response : body.response;
    });
  }
  for (const path of ["/execute_with_verification", "/setup/execute_with_verification"]) {
    app.post(path, (c) => executeWithVerification(c, session));
  }
  app.post("/run_python", (c) => runPython(c, session));
  app.post("/run_bash_script", (c) => runBashScript(c, session));
  app.post("/setup/launch", (c) => launch(c, session));
}
