// The v2 error envelope. `recoverable` and `suggested_next_tool` come
// from the code table, never chosen ad hoc. A suggestion always names a
// registered tool (lib/model/errors_test.ts).

export const ERROR_CODES = {
  ElementNotFound: { status: 404, recoverable: true, next: "find_element" },
  ElementOccluded: { status: 409, recoverable: true, next: "bring_to_foreground" },
  ElementDisabled: { status: 409, recoverable: true, next: "wait_for" },
  ElementNotVisible: { status: 409, recoverable: true, next: "wait_for" },
  ElementNotStable: { status: 409, recoverable: true, next: "wait_for" },
  WindowGone: { status: 404, recoverable: true, next: "list_windows" },
  WindowOccluded: { status: 409, recoverable: true, next: "bring_to_foreground" },
  FocusChanged: { status: 409, recoverable: true, next: "list_windows" },
  Timeout: { status: 408, recoverable: true, next: null },
  // 499: "client closed request"; nobody reads it but the trace and the audit.
  Cancelled: { status: 499, recoverable: true, next: null },
  PatternUnsupported: { status: 501, recoverable: true, next: "click_element" },
  RateLimited: { status: 429, recoverable: true, next: "get_budget_status" },
  BudgetExceeded: { status: 429, recoverable: false, next: "get_budget_status" },
  PermissionDenied: { status: 403, recoverable: false, next: null },
  Unauthorized: { status: 401, recoverable: false, next: null },
  NotAllowed: { status: 403, recoverable: false, next: "list_windows" },
  ConfirmationRequired: { status: 412, recoverable: true, next: "propose_action" },
  ConfirmationInvalid: { status: 412, recoverable: true, next: "propose_action" },
  SnapshotExpired: { status: 410, recoverable: true, next: null },
  MarksStale: { status: 409, recoverable: true, next: "get_set_of_marks" },
  ScenarioInvalid: { status: 400, recoverable: false, next: null },
  TraceInvalid: { status: 400, recoverable: false, next: null },
  TraceNotFound: { status: 404, recoverable: true, next: "list_traces" },
  FileNotFound: { status: 404, recoverable: true, next: "list_directory" },
  PlatformUnsupported: { status: 501, recoverable: false, next: "get_capabilities" },
  PredicateUnsupported: { status: 501, recoverable: false, next: null },
  BadRequest: { status: 400, recoverable: false, next: null },
  ServiceBusy: { status: 503, recoverable: true, next: null },
  Internal: { status: 500, recoverable: false, next: null },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorObject {
  code: string;
  message: string;
  recoverable: boolean;
  suggested_next_tool: string | null;
  context: Record<string, unknown>;
}

/** Thrown anywhere below the tool layer; the dispatcher turns it into an envelope. */
export class ToolError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly context: Record<string, unknown> = {},
    /** Extra top-level fields (e.g. wait_for's `elapsed_ms`). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function errorObject(
  code: ErrorCode,
  message: string,
  context: Record<string, unknown> = {},
): ErrorObject {
  const entry = ERROR_CODES[code];
  const cleaned: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(context)) if (v !== null && v !== undefined) cleaned[k] = v;
  return {
    code,
    message,
    recoverable: entry.recoverable,
    suggested_next_tool: entry.next,
    context: cleaned,
  };
}

/** `code` when it is one of the table's codes (an adapter may report any string). */
export function knownCode(code: string | undefined): ErrorCode | null {
  return code !== undefined && Object.hasOwn(ERROR_CODES, code) ? code as ErrorCode : null;
}

export function httpStatusFor(code: string | undefined): number {
  const known = knownCode(code);
  return known === null ? 500 : ERROR_CODES[known].status;
}

/** Envelope for errors that happen before the tool layer (bad JSON, foreign Host...). */
export function envelope(
  code: ErrorCode,
  message: string,
  context: Record<string, unknown> = {},
): { ok: false; success: false; error: ErrorObject } {
  return { ok: false, success: false, error: errorObject(code, message, context) };
}

/** A tool's failure as its result: a ToolError keeps its code, anything else is Internal. */
export function errorResult(e: unknown, stepId: number): Record<string, unknown> {
  if (e instanceof ToolError) {
    return {
      ok: false,
      success: false,
      step_id: stepId,
      error: errorObject(e.code, e.message, e.context),
      ...e.extra,
    };
  }
  const err = e instanceof Error ? e : new Error(String(e));
  return {
    ok: false,
    success: false,
    step_id: stepId,
    error: errorObject("Internal", `${err.name}: ${err.message}`),
  };
}
