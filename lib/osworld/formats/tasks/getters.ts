// The evaluator's getters that need no VM, as what the caller must fetch:
// a file's text, a command's output, the accessibility XML, or a rule given
// inline. Anything else is reported by name so the task counts as unsupported.

export type GetterRequest =
  | { kind: "file"; path: string }
  | { kind: "command"; command: unknown; shell: unknown }
  | { kind: "accessibility_tree" }
  | { kind: "value"; value: unknown };

export type GetterPlan = { ok: true; request: GetterRequest } | { ok: false; reason: string };

/** The request behind one getter spec (`result` or `expected` of an evaluator). */
export function getterRequest(spec: Record<string, unknown>, allowCommands: boolean): GetterPlan {
  switch (spec.type) {
    case "vm_file":
      return typeof spec.path === "string"
        ? { ok: true, request: { kind: "file", path: spec.path } }
        : { ok: false, reason: "vm_file: no path" };
    case "vm_command_line":
      if (!allowCommands) {
        return {
          ok: false,
          reason:
            "vm_command_line: shell commands are off (--allow-task-commands or config osworld.allow_commands)",
        };
      }
      return { ok: true, request: { kind: "command", command: spec.command, shell: spec.shell } };
    case "accessibility_tree":
      return { ok: true, request: { kind: "accessibility_tree" } };
    case "rule":
      return { ok: true, request: { kind: "value", value: spec.rules } };
    default:
      return { ok: false, reason: `${String(spec.type)}: not a getter this service has` };
  }
}
