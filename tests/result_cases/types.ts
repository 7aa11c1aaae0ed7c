// A case of the result schema test: calls made on a fresh mock session, the
// last of which must succeed with an answer that fits its tool's schema.

import type { Session } from "../../lib/runtime/session.ts";

/** Runs one tool through dispatch on the case's session and returns its body. */
export type Call = (
  tool: string,
  args?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

export interface ResultCase {
  /** What this case covers ("format compact", "a dry run", ...). */
  label: string;
  /** Settings the case needs (files allowed, commands allowed, ...), applied to a fresh config. */
  configure?: (config: Session["config"], dir: string) => void;
  /** Calls made first (a snapshot to diff, a trace to replay); their answers are checked too. */
  before?: (call: Call) => Promise<Record<string, unknown>>;
  /** Run once the call under test has answered: ends what `before` left running. */
  after?: (earlier: Record<string, unknown>) => Promise<void>;
  /** The call under test, given what `before` answered. */
  tool: string;
  args: (earlier: Record<string, unknown>) => Record<string, unknown>;
}
