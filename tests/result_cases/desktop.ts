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
  {
    label: "the mock's windows, normalized",
    tool: "list_windows",
    args: () => ({ coordinate_space: "normalized" }),
  },
  { label: "no monitors on the mock", tool: "get_monitors", args: () => ({}) },
  {
    label: "a scaled space for the session",
    tool: "set_coordinate_space",
    args: () => ({ coordinate_space: "scaled:1280x720" }),
  },
  {
    label: "after a capture",
    before: (call) => call("observe_window"),
    tool: "get_capabilities",
    args: () => ({}),
  },
];
