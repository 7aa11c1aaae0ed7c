// wait_for conditions. Each is checked up front (a typo fails at once
// instead of after the timeout) and prepared into a check: stateful ones
// (tree_changes, focused_changes) take their baseline when the wait starts.

import { ToolError } from "../../model/errors.ts";
import { shownState } from "../../model/hash.ts";
import { focusedSelector } from "../act/receipts.ts";
import {
  ClientRegex,
  compileClientRegex,
  DEFAULT_REGEX_LENGTH,
  problemContext,
} from "../../formats/regex/compile.ts";
import {
  parseSelector,
  resolveSelector,
  type Selector,
  SelectorSyntaxError,
} from "../../formats/selectors/index.ts";
import { requireToken, type TokenStore } from "../observe/tree_tokens.ts";
import { type Element, findById, walk } from "../../model/tree.ts";
import { focusedWindow, type ListedWindow } from "../../formats/geometry/window_order.ts";

/** What one poll sees: windows and trees read at most once per poll. */
export interface PollView {
  windows(): Promise<ListedWindow[]>;
  /** A fresh (uncached) capture, or null when the window is gone. */
  capture(window: ListedWindow): Promise<{ tree: Element; hash: string } | null>;
  /** The hinted window when it exists, else the focused one. */
  target(): Promise<ListedWindow | null>;
}

export type Detail = Record<string, unknown>;
export type Check = (view: PollView) => Promise<Detail | null>;

export const CONDITION_TYPES = [
  "element_appears",
  "element_disappears",
  "text_visible",
  "window_appears",
  "window_disappears",
  "tree_changes",
  "focused_changes",
] as const;

type Raw = Record<string, unknown>;

function bad(index: number, message: string, extra: Raw = {}): ToolError {
  return new ToolError("BadRequest", `any_of[${index}]: ${message}`, { index, ...extra });
}

function text(raw: Raw, key: string, index: number): string {
  const value = raw[key];
  if (typeof value !== "string" || value === "") throw bad(index, `${key} is required`);
  return value;
}

function optionalText(raw: Raw, key: string, index: number): string | undefined {
  return raw[key] === undefined ? undefined : text(raw, key, index);
}

function selectorOf(source: string, index: number, regexLength: number): Selector {
  try {
    return parseSelector(source, regexLength);
  } catch (e) {
    if (!(e instanceof SelectorSyntaxError)) throw e;
    throw bad(index, `selector parse error: ${e.message}`, {
      selector: source,
      position: e.position,
    });
  }
}

function regexOf(source: string, key: string, index: number, maxLength: number): ClientRegex {
  const compiled = compileClientRegex(source, maxLength);
  if (compiled instanceof ClientRegex) return compiled;
  throw bad(index, `${key}: ${compiled.message}`, {
    [key]: source,
    ...problemContext(source, compiled),
  });
}

async function targetTree(view: PollView): Promise<[ListedWindow, Element] | null> {
  const window = await view.target();
  const seen = window ? await view.capture(window) : null;
  return window && seen ? [window, seen.tree] : null;
}

function elementAppears(selector: Selector): Check {
  return async (view) => {
    const seen = await targetTree(view);
    const match = seen ? resolveSelector(seen[1], selector).matches[0] : undefined;
    if (!seen || !match) return null;
    return { element_id: match.id, bounds: match.bounds, window_uid: seen[0].window_uid };
  };
}

function elementDisappears(selector: Selector | null, elementId: string | null): Check {
  return async (view) => {
    const seen = await targetTree(view);
    if (!seen) return {};
    const present = selector
      ? resolveSelector(seen[1], selector).matches.length > 0
      : findById(seen[1], elementId!) !== null;
    return present ? null : {};
  };
}

function textVisible(re: ClientRegex): Check {
  return async (view) => {
    const seen = await targetTree(view);
    if (!seen) return null;
    let id: string | null = null;
    walk(seen[1], (n) => {
      if (id === null && re.search(`${n.name ?? ""} ${n.value ?? ""}`)) id = n.id;
    });
    return id === null ? null : { element_id: id, window_uid: seen[0].window_uid };
  };
}

function windowAppears(re: ClientRegex): Check {
  return async (view) => {
    const w = (await view.windows()).find((w) => re.search(w.title));
    return w ? { window_uid: w.window_uid, title: w.title } : null;
  };
}

function windowDisappears(uid: string): Check {
  return async (view) =>
    (await view.windows()).some((w) => w.window_uid === uid) ? null : { window_uid: uid };
}

/** tree_hash misses focus and check state, so the content fingerprint is compared too. */
function treeChanges(tokens: TokenStore, since: string): Check {
  const base = requireToken(tokens, since, null);
  const baseline = shownState(base);
  return async (view) => {
    const window = (await view.windows()).find((w) => w.window_uid === base.uid);
    const seen = window ? await view.capture(window) : null;
    if (!seen) return { window_uid: base.uid, gone: true };
    return shownState(seen) === baseline ? null : { window_uid: base.uid, tree_hash: seen.hash };
  };
}

async function focusState(view: PollView): Promise<{ uid: string | null; selector: string }> {
  const window = focusedWindow(await view.windows());
  const seen = window ? await view.capture(window) : null;
  return { uid: window?.window_uid ?? null, selector: seen ? focusedSelector(seen.tree) : "" };
}

/** Satisfied only by a real change of the focused window or element. */
async function focusedChanges(start: PollView): Promise<Check> {
  const before = await focusState(start);
  return async (view) => {
    const now = await focusState(view);
    if (now.uid === before.uid && now.selector === before.selector) return null;
    return {
      focused_uid: now.uid,
      focused_selector: now.selector,
      previous_uid: before.uid,
      previous_selector: before.selector,
    };
  };
}

/**
 * Validates one condition and prepares its check; invalid input is BadRequest.
 * `regexLength`: the session's limits.regex_length.
 */
export function prepareCheck(
  raw: unknown,
  index: number,
  start: PollView,
  tokens: TokenStore,
  regexLength = DEFAULT_REGEX_LENGTH,
): Promise<Check> | Check {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw bad(index, "a condition is an object with a type");
  }
  const c = raw as Raw;
  const regex = (key: string) => regexOf(text(c, key, index), key, index, regexLength);
  switch (c.type) {
    case "element_appears":
      return elementAppears(selectorOf(text(c, "selector", index), index, regexLength));
    case "element_disappears": {
      const selector = optionalText(c, "selector", index);
      const elementId = optionalText(c, "element_id", index);
      if (selector === undefined && elementId === undefined) {
        throw bad(index, "selector or element_id is required");
      }
      return elementDisappears(
        selector === undefined ? null : selectorOf(selector, index, regexLength),
        elementId ?? null,
      );
    }
    case "text_visible":
      return textVisible(regex("regex"));
    case "window_appears":
      return windowAppears(regex("title_regex"));
    case "window_disappears":
      return windowDisappears(text(c, "window_uid", index));
    case "tree_changes":
      return treeChanges(tokens, text(c, "since", index));
    case "focused_changes":
      return focusedChanges(start);
    default:
      throw bad(index, `unknown condition type ${JSON.stringify(c.type)}`, {
        known: CONDITION_TYPES.join(", "),
      });
  }
}
