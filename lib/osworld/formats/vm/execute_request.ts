// What an `/execute` request of OSWorld's in-VM server asks for. Its harness
// sends agent actions as `python -c "<prefix><pyautogui code>"`: those are
// parsed and performed through the pyautogui bridge, never run as Python.
// The one query its controller makes the same way (the platform's name) is
// answered. Anything else is a command, which runs only when the operator
// allows commands.

import { ShlexError, shlexSplit } from "./shlex.ts";

/** PythonController's prefix before every agent program (its `pkgs_prefix`). */
export const PYAUTOGUI_PREFIX = "import pyautogui; import time; pyautogui.FAILSAFE = False; ";

/** The prefix with any spacing around its separators. */
const PREFIX =
  /^\s*import\s+pyautogui\s*;\s*import\s+time\s*;\s*pyautogui\.FAILSAFE\s*=\s*False\s*;?[ \t]*/;

/** `get_vm_platform()`'s program. */
const PLATFORM_QUERY =
  /^\s*import\s+platform\s*;\s*print\s*\(\s*platform\.system\s*\(\s*\)\s*\)\s*;?\s*$/;

const PYTHON = /^(?:.*\/)?python(?:3(?:\.\d+)?)?$/;

export type ExecuteRequest =
  | { kind: "pyautogui"; code: string }
  | { kind: "platform" }
  | { kind: "command"; argv: string[]; shell: boolean }
  | { kind: "invalid"; message: string };

/** `~/` at the start of an argument is the home folder, as the server expands it. */
export function expandHome(arg: string, home: string): string {
  return arg.startsWith("~/") ? `${home}${arg.slice(1)}` : arg;
}

/**
 * The request's command as the server would run it: a list as given, a string
 * split like shlex unless `shell`; each argument's `~/` expanded (not a shell's).
 */
export function classifyExecute(
  command: string | readonly string[],
  shell: boolean,
  home: string,
): ExecuteRequest {
  if (typeof command === "string" && shell) {
    return command.trim() === ""
      ? { kind: "invalid", message: "the command is empty" }
      : { kind: "command", argv: [command], shell: true };
  }
  let argv: string[];
  try {
    argv = typeof command === "string" ? shlexSplit(command) : [...command];
  } catch (e) {
    if (e instanceof ShlexError) return { kind: "invalid", message: e.message };
    throw e;
  }
  if (argv.length === 0) return { kind: "invalid", message: "the command is empty" };
  if (shell) return { kind: "command", argv: [argv.join(" ")], shell: true };
  argv = argv.map((arg) => expandHome(arg, home));
  if (argv.length === 3 && PYTHON.test(argv[0]) && argv[1] === "-c") {
    const program = argv[2];
    const prefix = PREFIX.exec(program);
    if (prefix) {
      const code = program.slice(prefix[0].length);
      return PLATFORM_QUERY.test(code) ? { kind: "platform" } : { kind: "pyautogui", code };
    }
  }
  return { kind: "command", argv, shell: false };
}

/** What Python's platform.system() names this operating system. */
export function pythonPlatformName(os: string): string {
  return ({ linux: "Linux", windows: "Windows", darwin: "Darwin" } as Record<string, string>)[os] ??
    os;
}
