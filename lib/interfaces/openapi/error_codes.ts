// The error code table of lib/model/errors.ts, with what each code means for
// a caller. Status, recoverability and the suggested tool come from the
// table itself; only the meaning is written here.

import { ERROR_CODES, type ErrorCode } from "../../model/errors.ts";
import type { ErrorCodeEntry } from "./types.ts";

export const ERROR_MEANINGS: Partial<Record<ErrorCode, string>> = {
  ElementNotFound: "No element matches the selector, or an element_id is stale (context.stale).",
  ElementOccluded: "Another window covers the element (context.covered_by names it) and its " +
    "window was not brought to the front (auto_activate false, or activation failed).",
  ElementDisabled: "The element stayed disabled for timeout_ms.",
  ElementNotVisible: "The element stayed hidden or out of view for timeout_ms (context.check: " +
    "not_visible, or out_of_view when scrolling did not bring it in).",
  ElementNotStable: "The element's bounds kept changing (an animation) for timeout_ms.",
  WindowGone: "The window (window_uid) no longer exists; list the windows again.",
  WindowOccluded: "Input at coordinates or from the keyboard was meant for a window that is " +
    "not in front, and auto_activate is off (context.in_front names the window there).",
  FocusChanged: "The keyboard focus moved to another window while text was typed (a dialog " +
    "opened): typing stopped; context says how much was typed and where the focus went.",
  Timeout:
    "A wait ran out of time (the answer carries elapsed_ms), or a request head arrived too slowly.",
  Cancelled: "The caller cancelled the call (MCP notifications/cancelled, or an HTTP client " +
    "that closed its connection): the tool stopped and input nothing further. Nobody is left " +
    "to read the answer; traces and the audit log keep it.",
  PatternUnsupported: "The platform has no element operation for this (method: pattern).",
  RateLimited: "More input calls in the last 60 s than safety.budgets.actions_per_minute " +
    "(context.retry_after_ms says when the next one fits). Nothing was executed.",
  BudgetExceeded: "A session budget is spent (context.budget: max_actions, max_screenshots, " +
    "max_vlm_tokens or max_session_seconds). Nothing was executed.",
  PermissionDenied: "Refused by the request guards (foreign Host, Origin or Sec-Fetch-Site), " +
    "or a file path outside the allowed directories.",
  NotAllowed: "The access rules (safety.access) refuse this tool, or this tool on this window " +
    "(context.rule names the rule). Nothing was executed.",
  ConfirmationRequired: "The action matches a confirmation rule (or follows an injection " +
    "warning under safety.block_after_injection): call propose_action with the same action " +
    "and arguments, then repeat the call with its confirm_token. Nothing was executed.",
  ConfirmationInvalid: "The confirm_token is unknown, expired, already used, or was proposed " +
    "for another action, other arguments or another element position. Nothing was executed.",
  SnapshotExpired: "The snapshot, tree_token or since token expired or never existed.",
  MarksStale:
    "A set-of-marks tag_N names an element that has moved or gone since that observation.",
  ScenarioInvalid: "The scenario file is malformed (file, line, column and key in context).",
  TraceInvalid:
    "The trace file cannot be used: cut short, re-ordered or broken by hand, or written in a " +
    "newer format (path and line in context). Nothing of it was executed.",
  Unauthorized: "The request carries no bearer token, or a wrong one (Authorization: Bearer).",
  TraceNotFound: "No trace has this trace_id in the tracing folder.",
  FileNotFound: "No file or folder has this path (inside the allowed folders).",
  PlatformUnsupported:
    "Not supported here (e.g. an HTTP version or transfer coding the server does not speak).",
  PredicateUnsupported:
    "A predicate kind is not supported. (Reserved: this build does not raise it.)",
  BadRequest: "Invalid arguments, malformed JSON, unknown tool or route, or a GET on a tool " +
    "that needs POST.",
  ServiceBusy: "Every connection is busy; retry later.",
  Internal: "An unexpected failure in the service or the platform adapter.",
};

export function errorCodeTable(): Record<string, ErrorCodeEntry> {
  const table: Record<string, ErrorCodeEntry> = {};
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    table[code] = {
      status: entry.status,
      recoverable: entry.recoverable,
      suggested_next_tool: entry.next,
      meaning: ERROR_MEANINGS[code as ErrorCode] ?? "",
    };
  }
  return table;
}
