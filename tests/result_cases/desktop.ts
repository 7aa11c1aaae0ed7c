// Result cases of the window-level probes.

import type { ResultCase } from "./types.ts";

export const DESKTOP_CASES: ResultCase[] = [
  { label: "the mock's windows", tool: "list_windows", args: () => ({}) },
  {
    label: "a hidden window, marked",
    configure: (config) => {
      config.safety.access.denied_windows = "marked";
      config.safety.access.deny = [{ title: "Calculator" }];
    },
    tool: "list_windows",
    args: () => ({}),
  },
  { label: "no monitors on the mock", tool: "get_monitors", args: () => ({}) },
  {
    label: "after a capture",
    before: (call) => call("observe_window"),
    tool: "get_capabilities",
    args: () => ({}),
  },
];
