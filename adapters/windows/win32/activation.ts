// Bringing a window to the foreground. Windows lets a process take the
// foreground only in some cases (it got the last input, its thread shares
// input state with the foreground thread...), so this tries the usual ways in
// turn and trusts only GetForegroundWindow.

import { kernel32 } from "../ffi/kernel32.ts";
import { handle, user32 } from "../ffi/user32.ts";
import { INPUT_SIZE, inputArray, keyEvent } from "./input_events.ts";
import { foregroundWindow } from "./windows.ts";

const SW_RESTORE = 9;
/** How long a step may take to show in GetForegroundWindow. */
const FOREGROUND_WAIT_MS = 100;
const POLL_MS = 10;

function becameForeground(hwnd: bigint): boolean {
  for (let waited = 0;; waited += POLL_MS) {
    if (foregroundWindow() === hwnd) return true;
    if (waited >= FOREGROUND_WAIT_MS) return false;
    kernel32().Sleep(POLL_MS);
  }
}

function threadOf(hwnd: bigint): number {
  return user32().GetWindowThreadProcessId(handle(hwnd), null);
}

/** SetForegroundWindow with our thread's input state joined to the foreground window's. */
function withAttachedInput(hwnd: bigint): void {
  const u32 = user32();
  const ours = kernel32().GetCurrentThreadId();
  const theirs = threadOf(foregroundWindow());
  const attached = theirs !== 0 && theirs !== ours && u32.AttachThreadInput(ours, theirs, 1) !== 0;
  try {
    u32.SetForegroundWindow(handle(hwnd));
  } finally {
    if (attached) u32.AttachThreadInput(ours, theirs, 0);
  }
}

/** A press of virtual key 0 (no key) makes this process the last to get input, which may take the foreground. */
function afterZeroKey(hwnd: bigint): void {
  // Blocked input (a locked desktop) only means this step will not work.
  user32().SendInput(2, inputArray([keyEvent(0, true), keyEvent(0, false)]), INPUT_SIZE);
  user32().SetForegroundWindow(handle(hwnd));
}

function raised(hwnd: bigint): void {
  user32().BringWindowToTop(handle(hwnd));
  user32().SetForegroundWindow(handle(hwnd));
}

const STEPS: Array<[string, (hwnd: bigint) => void]> = [
  ["SetForegroundWindow with AttachThreadInput", withAttachedInput],
  ["a zero-key press then SetForegroundWindow", afterZeroKey],
  ["BringWindowToTop then SetForegroundWindow", raised],
];

/** The step that made `hwnd` the foreground window, or null when none did. */
function takeForeground(hwnd: bigint): string | null {
  if (foregroundWindow() === hwnd) return "already the foreground window";
  for (const [step, attempt] of STEPS) {
    attempt(hwnd);
    if (becameForeground(hwnd)) return `activated by ${step}`;
  }
  return null;
}

/**
 * Restores a minimised window and makes it the foreground window, on top of
 * the others; says which step did it, or that none did.
 */
export function activateWindow(hwnd: bigint): [boolean, string] {
  const u32 = user32();
  const restored = u32.IsIconic(handle(hwnd)) !== 0;
  if (restored) u32.ShowWindow(handle(hwnd), SW_RESTORE);
  const prefix = restored ? "restored from minimised; " : "";
  const how = takeForeground(hwnd);
  if (how === null) {
    return [
      false,
      `${prefix}Windows kept window ${foregroundWindow()} in the foreground after ` +
      "SetForegroundWindow with AttachThreadInput, a zero-key press and BringWindowToTop " +
      "(foreground lock)",
    ];
  }
  // Activation raises the window on Windows; wine's virtual desktop leaves it where it was.
  u32.BringWindowToTop(handle(hwnd));
  return [true, prefix + how];
}
