// Typing that stops when the keyboard focus leaves the window it started in
// (a dialog opened): text goes in a few characters at a time, and the focused
// window is checked between pieces.

import type { ActionOutcome } from "../../../adapters/types.ts";
import type { ActContext } from "./context.ts";
import { captureWindow, listWindows } from "../observe/capture.ts";
import { shownState } from "../../model/hash.ts";
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

/**
 * The first character is typed alone, and the rest waits until the window has
 * shown it and then stayed still for FIRST_KEY_QUIET_MS: an application may
 * take a first key as a change of mode it finishes later. LibreOffice Impress
 * replaces a placeholder's text, then puts the caret back after the first
 * character, and keys typed meanwhile ended up after the rest ("Qerly review
 * — Zoëuart"). A key that shows nothing (a password, a terminal without echo)
 * costs at most FIRST_KEY_CHANGE_MS; the whole wait, FIRST_KEY_LIMIT_MS.
 */
const FIRST_KEY_CHANGE_MS = 500;
const FIRST_KEY_QUIET_MS = 150;
const FIRST_KEY_LIMIT_MS = 3000;
const FIRST_KEY_POLL_MS = 25;

/** What a window shows now, as wait_idle compares it (focus and check states included). */
async function shownNow(session: ActContext, window: ListedWindow): Promise<string | null> {
  try {
    return shownState(await captureWindow(session, window, "current"));
  } catch {
    // A window that closed or stopped answering: typing goes on, and its checks report it.
    return null;
  }
}

/**
 * Whether the wait after the first key is over: `elapsedMs` since it began,
 * `stillMs` since the window last changed, `changed` once it has.
 */
export function firstKeySettled(elapsedMs: number, changed: boolean, stillMs: number): boolean {
  if (elapsedMs >= FIRST_KEY_LIMIT_MS) return true;
  return changed ? stillMs >= FIRST_KEY_QUIET_MS : elapsedMs >= FIRST_KEY_CHANGE_MS;
}

async function firstKeyTaken(session: ActContext, window: ListedWindow, before: string | null) {
  const started = performance.now();
  let last = before;
  let changedAt: number | null = null;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, FIRST_KEY_POLL_MS));
    const state = await shownNow(session, window);
    const now = performance.now();
    if (state === null) return;
    if (state !== last) {
      last = state;
      changedAt = now;
    }
    if (firstKeySettled(now - started, changedAt !== null, now - (changedAt ?? started))) return;
  }
}

export async function typeWatchingFocus(
  session: ActContext,
  text: string,
  handle: string | null,
): Promise<ActionOutcome> {
  const total = Array.from(text).length;
  // A desktop that reports the focus late (GNOME through AT-SPI, just after a
  // click) has none for a moment: the window that takes it is where keys go.
  const start = await focusTaker(session, await windowWithFocus(session));
  let typed = 0;
  let last: ActionOutcome = { ok: true };
  // A simulated desktop reacts to a whole input at once (scenario reactions
  // match the typed text) and nothing moves the focus in between.
  const [first, ...rest] = Array.from(text);
  const pieces = session.adapter.isMock || rest.length === 0
    ? [text]
    : [first, ...piecesOf(rest.join(""), TYPING_PIECE)];
  const before = pieces.length > 1 && start ? await shownNow(session, start) : null;
  for (const [i, piece] of pieces.entries()) {
    if (i === 1 && start) await firstKeyTaken(session, start, before);
    // With no window known to have the focus, there is no move to see.
    if (typed > 0 && start !== null) {
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
