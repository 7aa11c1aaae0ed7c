// A task's setup steps (config, or the evaluator's postconfig) as what this
// service will do, decided before anything runs: the steps that make sense on
// any desktop, commands only when the operator allows them, and every other
// step reported by name so the task counts as unsupported.

import type { SetupStep } from "./task_file.ts";

/** A command as OSWorld gives it: an argv list, or a string run by the shell when `shell`. */
export interface Command {
  argv: string[];
}

export type SetupAction =
  | { kind: "launch"; command: Command }
  | { kind: "command"; command: Command }
  | { kind: "open"; path: string }
  | { kind: "sleep"; seconds: number }
  | { kind: "activate_window" | "close_window"; name: string; strict: boolean; byClass: boolean };

export interface SetupPlan {
  actions: SetupAction[];
  /** Steps that cannot run here, each "type: why". */
  unsupported: string[];
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** An OSWorld command: a list of strings, or a string (split on spaces unless run by a shell). */
export function commandOf(
  raw: unknown,
  shell: unknown,
  fill: (text: string) => string,
  platform: "windows" | "posix",
): Command | null {
  if (typeof raw === "string") {
    const text = fill(raw);
    if (shell === true) {
      return {
        argv: platform === "windows" ? ["cmd.exe", "/d", "/s", "/c", text] : ["sh", "-c", text],
      };
    }
    const argv = text.split(/\s+/).filter((part) => part !== "");
    return argv.length > 0 ? { argv } : null;
  }
  if (Array.isArray(raw) && raw.length > 0 && raw.every((part) => typeof part === "string")) {
    const argv = raw.map(fill);
    if (shell === true) {
      const joined = argv.join(" ");
      return {
        argv: platform === "windows" ? ["cmd.exe", "/d", "/s", "/c", joined] : ["sh", "-c", joined],
      };
    }
    return { argv };
  }
  return null;
}

/**
 * Why `open` will not hand this path to the desktop's opener (null: it will).
 * The opener must see one file, never an option, and on Windows `start` runs
 * under cmd.exe, which would read its metacharacters as a command line: a
 * task must not run commands through `open` when commands are off.
 */
export function openPathProblem(path: string, platform: "windows" | "posix"): string | null {
  if (path.trim() === "") return "no path";
  if (/[\0\r\n]/.test(path)) return "the path has a control character";
  if (path.startsWith("-")) return "the path starts with '-' (the opener would read an option)";
  if (platform === "windows" && /[&|<>^%"!()]/.test(path)) {
    return 'cmd.exe would read & | < > ^ % " ! ( ) in the path as a command line';
  }
  return null;
}

export function planSetup(
  steps: readonly SetupStep[],
  options: {
    allowCommands: boolean;
    fill: (text: string) => string;
    platform: "windows" | "posix";
    /** Longest sleep step (the desktop is held meanwhile). */
    maxSleepS: number;
  },
): SetupPlan {
  const actions: SetupAction[] = [];
  const unsupported: string[] = [];
  for (const step of steps) {
    const p = step.parameters;
    switch (step.type) {
      case "launch": {
        // A shell is a command line like execute's: only when the operator allows commands.
        if (p.shell === true && !options.allowCommands) {
          unsupported.push(
            "launch: shell:true runs a shell (--allow-task-commands or config osworld.allow_commands)",
          );
          break;
        }
        const command = commandOf(p.command, p.shell, options.fill, options.platform);
        if (command) actions.push({ kind: "launch", command });
        else unsupported.push("launch: no command");
        break;
      }
      case "execute":
      case "command": {
        if (!options.allowCommands) {
          unsupported.push(
            `${step.type}: shell commands are off (--allow-task-commands or config osworld.allow_commands)`,
          );
          break;
        }
        const command = commandOf(p.command, p.shell, options.fill, options.platform);
        if (command) actions.push({ kind: "command", command });
        else unsupported.push(`${step.type}: no command`);
        break;
      }
      case "open": {
        const path = str(p.path);
        const filled = path ? options.fill(path) : null;
        const problem = filled === null ? "no path" : openPathProblem(filled, options.platform);
        if (problem) unsupported.push(`open: ${problem}`);
        else actions.push({ kind: "open", path: filled! });
        break;
      }
      case "sleep": {
        const seconds = p.seconds;
        if (typeof seconds === "number" && seconds >= 0 && seconds <= options.maxSleepS) {
          actions.push({ kind: "sleep", seconds });
        } else {unsupported.push(
            `sleep: seconds must be 0 to ${options.maxSleepS} (osworld.max_pause_s)`,
          );}
        break;
      }
      case "activate_window":
      case "close_window": {
        const name = str(p.window_name);
        if (name) {
          actions.push({
            kind: step.type,
            name,
            strict: p.strict === true,
            byClass: p.by_class === true,
          });
        } else unsupported.push(`${step.type}: no window_name`);
        break;
      }
      default:
        unsupported.push(`${step.type}: not a setup step this service runs`);
    }
  }
  return { actions, unsupported };
}
