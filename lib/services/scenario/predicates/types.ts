// What assert_state predicates look at, behind an interface so each can be
// tested against a hand-made desktop, and the shape of their outcomes.

import type { RawImage } from "../../../model/image.ts";
import {
  ClientRegex,
  compileClientRegex,
  describeProblem,
} from "../../../formats/regex/compile.ts";
import type { Element } from "../../../model/tree.ts";
import type { ListedWindow } from "../../../formats/geometry/window_order.ts";

export interface ObservedDesktop {
  windows(): Promise<ListedWindow[]>;
  /** The window's tree as clients see it (cache allowed); null when it cannot be captured. */
  tree(window: ListedWindow): Promise<{ tree: Element; hash: string } | null>;
  screenshot(window: ListedWindow): Promise<RawImage | null>;
  readImage(path: string): Promise<RawImage>;
  /** OCR text of a window; absent when no OCR engine is available. */
  ocr?: (window: ListedWindow) => Promise<string>;
}

export interface Outcome {
  passed: boolean;
  observed: unknown;
  error_code?: string;
}

export type PredicateArgs = Record<string, unknown>;

/** `regexLength`: the longest client regex accepted (limits.regex_length). */
export type PredicateCheck = (
  args: PredicateArgs,
  desktop: ObservedDesktop,
  regexLength: number,
) => Promise<Outcome>;

export function failed(observed: unknown): Outcome {
  return { passed: false, observed };
}

/** `window_uid` when given (a stale one gives none), else the focused window, else the first. */
export async function predicateWindow(
  args: PredicateArgs,
  desktop: ObservedDesktop,
): Promise<ListedWindow | null> {
  const windows = await desktop.windows();
  if (typeof args.window_uid === "string") {
    return windows.find((w) => w.window_uid === args.window_uid) ?? null;
  }
  return windows.find((w) => w.focused) ?? windows[0] ?? null;
}

/** A client regex (Python syntax); a refused one is an error of the predicate. */
export function clientRegex(pattern: string, maxLength: number): ClientRegex {
  const compiled = compileClientRegex(pattern, maxLength);
  if (compiled instanceof ClientRegex) return compiled;
  throw new SyntaxError(describeProblem(pattern, compiled));
}
