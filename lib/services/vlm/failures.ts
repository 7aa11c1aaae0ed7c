// Why a vision-model request produced nothing: one case per cause the user can
// act on (lib/services/vlm/messages.ts turns each into what to set). Every string in a
// failure is already cleaned of the API key and of URL credentials.

export type VlmFailure =
  /** Enabled without vlm.model: nothing is sent. */
  | { kind: "not_configured" }
  /** The window's screenshot could not be taken. */
  | { kind: "no_screenshot" }
  /** safety.budgets.max_vlm_tokens is spent: nothing is sent. */
  | { kind: "budget"; limit: number }
  | { kind: "unreachable"; url: string; detail: string }
  | { kind: "timeout"; url: string; seconds: number }
  | { kind: "redirect"; url: string; status: number; location: string }
  | {
    kind: "http";
    /** Every URL tried (two when the first answered 404). */
    urls: string[];
    status: number;
    /** What the server said, shortened; "" when nothing useful. */
    detail: string;
    model: string;
    keySent: boolean;
    /** The Retry-After header of a 429, as sent. */
    retryAfter: string | null;
  }
  | { kind: "malformed"; url: string; detail: string }
  | { kind: "empty_reply"; url: string; model: string }
  | { kind: "too_large"; url: string; limitBytes: number }
  /** A multipass request skipped because an earlier one hit a wall the next would hit too. */
  | { kind: "not_sent"; cause: VlmFailure };

/**
 * Failures of the server as a whole (not of one model or one reply): later
 * requests of the same call would fail the same way, so they are not sent.
 */
export function endsTheCall(failure: VlmFailure): boolean {
  switch (failure.kind) {
    case "unreachable":
    case "timeout":
    case "redirect":
      return true;
    case "http":
      return failure.status === 401 || failure.status === 403 || failure.status === 429;
    default:
      return false;
  }
}
