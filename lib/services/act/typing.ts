// Typing that stops when the keyboard focus leaves the window it started in
// (a dialog opened): text goes in a few characters at a time, and the focused
// window is checked between pieces.

import type { ActionOutcome } from "../../../adapters/types.ts";
import type { ActContext } from "./context.ts";
import { listWindows } from "../observe/capture.ts";
import { type ListedWindow, windowWithKeys } from "../../formats/geometry/window_order.ts";
import { windowRef } from "./window_at.ts";

/** Characters typed between focus checks: few reach a dialog that opens meanwhile. */
export const TYPING_PIECE = 8;

/** `text` in pieces of `size` characters (code points: no surrogate pair is split). */
export function piecesOf(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
  return pieces;
}

/** How long a report waits for the window that takes the focus (window managers pass through none). */
const FOCUS_SETTLE_MS = 300;
const FOCUS_POLL_MS = 20;

async function windowWithFocus(session: ActContext) {
  return windowWithKeys(await listWindows(session));
}

/** `seen`, or when no window had the focus, the one that takes it: such a moment is waited out, briefly. */
async function focusTaker(session: ActContext, seen: ListedWindow | null) {
  const deadline = Date.now() + FOCUS_SETTLE_MS;
  let now = seen;
  while (now === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, FOCUS_POLL_MS));
    now = await windowWithFocus(session);
  }
  return now;
}

export async function typeWatchingFocus(
  session: ActContext,
  text: string,
  handle: string | null,
): Promise<ActionOutcome> {
  const total = Array.from(text).length;
  const start = await windowWithFocus(session);
  let typed = 0;
  let last: ActionOutcome = { ok: true };
  // A simulated desktop reacts to a whole input at once (scenario reactions
  // match the typed text) and nothing moves the focus in between.
  const pieces = session.adapter.isMock ? [text] : piecesOf(text, TYPING_PIECE);
  for (const [i, piece] of pieces.entries()) {
    if (typed > 0) {
      const seen = await windowWithFocus(session);
      if (seen?.window_uid !== start?.window_uid) {
        // Typing stops here; the report names where the focus went.
        const now = await focusTaker(session, seen);
        return {
          ok: false,
          code: "FocusChanged",
          error: `the keyboard focus moved to ${
            now ? `window '${now.title}'` : "no window"
          } after ${typed} of ${total} characters; typing stopped`,
          details: {
            typed_chars: typed,
            total_chars: total,
            focus_moved_to: windowRef(now),
          },
        };
      }
    }
    // Pieces before the last skip the adapter's pause for the app to catch up.
    const more = i < pieces.length - 1 ? { more: true } : {};
    last = await session.adapter.input({ kind: "text", text: piece, ...more }, handle);
    if (!last.ok) return { ...last, details: { typed_chars: typed, total_chars: total } };
    typed += Array.from(piece).length;
  }
  return last.ok ? { ...last, details: { typed_chars: typed, total_chars: total } } : last;
}
