// The legacy (v1) routes that do not map onto a tool call (screenshot,
// sketch) still pass the safety rails: access rules, budgets, redaction and
// the audit of refusals, as the tool of the same purpose would. Their own
// answer shapes are kept; a refusal is the typed envelope.

import type { Context } from "hono";
import { httpStatusFor } from "../lib/model/errors.ts";
import type { Session } from "../lib/runtime/session.ts";
import { errorCodeOf, REFUSAL_CODES, runGuarded } from "../lib/services/safety/guarded_call.ts";
import type { ToolResult } from "../lib/runtime/registry.ts";

/**
 * Runs a legacy route's work as a call of `tool`; failures other than refusals
 * are `{error}` with their code's status (500 for an internal failure). `answer` makes the response of a success (default: the
 * result as JSON).
 */
export async function guardedLegacy(
  c: Context,
  session: Session,
  tool: { name: string; kind: string },
  args: Record<string, unknown>,
  run: () => Promise<ToolResult>,
  answer: (result: ToolResult) => Response = (result) => c.json(result),
): Promise<Response> {
  const { stepId } = session.nextStep(tool.kind === "input");
  const result = await runGuarded(
    session,
    { tool: tool.name, kind: tool.kind, caller: "rest", stepId, args },
    run,
    (answer) => answer,
  );
  const code = errorCodeOf(result);
  if (code === null) return answer(result);
  const status = httpStatusFor(code);
  if (REFUSAL_CODES.has(code) || status < 500) {
    // deno-lint-ignore no-explicit-any
    return c.json(result, status as any);
  }
  const error = result.error as { message?: string };
  // The legacy shape, with the code's own status where it says more than 500:
  // 503 while a desktop asks its user for consent, 501 for what it cannot do.
  // deno-lint-ignore no-explicit-any
  return c.json({ error: error.message ?? "failed" }, status as any);
}
