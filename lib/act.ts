// Runs one adapter input and shapes the legacy result the v1 API promises:
// {success, action, note?, ...echoed inputs} or {success: false, error}.

import type { InputAction } from "../adapters/types.ts";
import { listWindows } from "./observe.ts";
import type { Session } from "./session.ts";

export type LegacyResult = Record<string, unknown>;

export async function performInput(
  session: Session,
  actionName: string,
  action: InputAction,
  echo: Record<string, unknown>,
  handle: string | null = null,
): Promise<LegacyResult> {
  const started = performance.now();
  let outcome;
  try {
    outcome = await session.adapter.input(action, handle);
  } catch (e) {
    outcome = { ok: false as const, error: (e as Error).message };
  }
  const duration_ms = Math.round(performance.now() - started);
  if (!outcome.ok) return { success: false, action: actionName, error: outcome.error, duration_ms };
  return {
    success: true,
    action: actionName,
    ...(outcome.note ? { note: outcome.note } : {}),
    ...echo,
    ...outcome.details,
    duration_ms,
  };
}

/** Windows (with a uid) present after an action but not before it. */
export async function withNewDialogs(
  session: Session,
  run: () => Promise<LegacyResult>,
): Promise<LegacyResult> {
  const before = new Set((await listWindows(session)).map((w) => w.window_uid));
  const result = await run();
  const after = await listWindows(session);
  const new_dialogs = after
    .filter((w) => w.window_uid && !before.has(w.window_uid))
    .map((w) => ({ window_uid: w.window_uid, title: w.title }));
  return { ...result, new_dialogs };
}
