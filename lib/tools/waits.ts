// wait_for and wait_idle: poll until a condition holds or the window's
// tree stays still, on timers, so other requests are served meanwhile.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { shownState } from "../model/hash.ts";
import { captureWindow, targetWindow } from "../services/observe/capture.ts";
import { sessionView } from "../services/wait/poll_view.ts";
import type { Session } from "../runtime/session.ts";
import { pollUntil } from "../services/wait/loop.ts";
import { type Check, type Detail, prepareCheck } from "../services/wait/conditions.ts";
import { checkedByTool, windowArgs } from "./shared/args.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { boundsSchema } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { placesInSpace } from "../formats/geometry/in_space.ts";

/** Polls closer than this would spend the service on walks (each poll may walk the window). */
const MIN_POLL_MS = 50;
/** With the live mirror a poll of an unchanged window costs a few ms: a change is seen sooner. */
const MIN_POLL_MS_MIRRORED = 10;

/** The interval a wait polls at: `requested` or `fallback`, no closer than the floor allows. */
export function pollInterval(
  requested: number | undefined,
  fallback: number,
  liveMirror: boolean,
): number {
  return Math.max(requested ?? fallback, liveMirror ? MIN_POLL_MS_MIRRORED : MIN_POLL_MS);
}

const FLOOR = "values under 50 count as 50 (on Linux with tree.live_mirror on, the default: " +
  "under 10 as 10).";
const millis = z.number().int().min(0).max(3_600_000).optional();

const REGEX = "Python re syntax, searched anywhere (not anchored); lookaround and " +
  "backreferences are refused (patterns run on a linear-time engine).";

const type = (name: string) => z.literal(name).describe(`The condition type: "${name}".`);

const conditionSelector = z.string().min(1).describe(
  'Selector in the window\'s tree, e.g. Button[name="Reload"] or //Dialog.',
);

/**
 * A wait condition as published; lib/services/wait/conditions.ts prepareCheck checks
 * each one itself, for errors naming the condition's index.
 */
const condition = z.discriminatedUnion("type", [
  z.object({ type: type("element_appears"), selector: conditionSelector }).describe(
    "Holds when an element matching selector is in the window's tree; matched_detail has " +
      "its element_id, bounds and window_uid.",
  ),
  z.object({
    type: type("element_disappears"),
    selector: conditionSelector.optional(),
    element_id: z.string().min(1).optional().describe(
      "An element id from a recent capture; used when selector is absent.",
    ),
  }).describe(
    "Holds when nothing matches selector (or no element has element_id) in the window's " +
      "tree, or no window can be read. Give selector or element_id.",
  ),
  z.object({
    type: type("text_visible"),
    regex: z.string().min(1).describe(`Matched against each element's "name value". ${REGEX}`),
  }).describe(
    "Holds when some element's name or value in the window's tree matches regex; " +
      "matched_detail has its element_id.",
  ),
  z.object({
    type: type("window_appears"),
    title_regex: z.string().min(1).describe(`Matched against window titles. ${REGEX}`),
  }).describe(
    "Holds when any window's title matches title_regex; matched_detail has its window_uid " +
      "and title.",
  ),
  z.object({
    type: type("window_disappears"),
    window_uid: z.string().min(1).describe("The window_uid (from list_windows) to wait for."),
  }).describe("Holds when the window with this window_uid no longer exists."),
  z.object({
    type: type("tree_changes"),
    since: z.string().min(1).describe(
      "A tree_token from an earlier capture; its window is the one watched.",
    ),
  }).describe(
    "Holds when that window's tree differs from the token's capture (content, focus or " +
      "check state), or the window is gone. An expired token is SnapshotExpired at once.",
  ),
  z.object({ type: type("focused_changes") }).describe(
    "Holds when the focused window or the focused element differs from when the wait " +
      "started.",
  ),
]).describe("One condition: an object whose `type` says which and what else it needs.");

const uidOf = (what: string) => z.string().describe(`The ${what} window's window_uid.`);

/** What the condition that held found, one shape per condition type. */
const matchedDetail = z.union([
  z.object({
    element_id: z.string().describe("The first matching element's id."),
    bounds: boundsSchema.describe("Its bounds, in coordinate_space."),
    window_uid: uidOf("element's"),
  }).describe("element_appears."),
  z.object({}).describe("element_disappears: nothing to add."),
  z.object({
    element_id: z.string().describe("The first element whose name or value matches."),
    window_uid: uidOf("element's"),
  }).describe("text_visible."),
  z.object({
    window_uid: uidOf("matching"),
    title: z.string().describe("Its title."),
  }).describe("window_appears."),
  z.object({ window_uid: uidOf("vanished") }).describe("window_disappears."),
  z.object({
    window_uid: uidOf("watched"),
    tree_hash: z.string().describe("Its tree's hash now."),
  }).describe("tree_changes: the tree changed."),
  z.object({
    window_uid: uidOf("watched"),
    gone: z.literal(true).describe("The window no longer exists."),
  }).describe("tree_changes: the window is gone."),
  z.object({
    focused_uid: z.string().nullable().describe("The focused window now (null: none)."),
    focused_selector: z.string().describe('A selector for the focused element now ("": none).'),
    previous_uid: z.string().nullable().describe("The focused window when the wait began."),
    previous_selector: z.string().describe("The focused element's selector then."),
  }).describe("focused_changes."),
]).describe("What the condition found; its shape follows the condition's type.");

function timeoutOf(session: Session, requested: number | undefined): number {
  return Math.min(requested ?? 5000, session.config.wait_for.max_timeout_ms);
}

export const waitForTool = defineTool({
  name: "wait_for",
  waits: true,
  description: "Wait until any of the conditions holds (checked in order every poll_ms, " +
    "default 200) or timeout_ms passes (default 5000; Timeout error). Conditions: " +
    "{type: element_appears, selector}, {type: element_disappears, selector | element_id}, " +
    "{type: text_visible, regex}, {type: window_appears, title_regex}, " +
    "{type: window_disappears, window_uid}, {type: tree_changes, since: tree_token}, " +
    "{type: focused_changes} (the focused window or element differs from the start). " +
    "Element and text conditions read window_uid's tree, else the focused window's. " +
    "Returns matched_index and matched_detail.",
  kind: "perception",
  input: z.object({
    any_of: z.array(checkedByTool(condition)).max(32).optional().describe(
      "The conditions, 1 to 32, checked in order on every poll; the first that holds ends " +
        "the wait. Required.",
    ),
    timeout_ms: millis.describe(
      "Give up after this many milliseconds with a Timeout error. Default 5000, capped by " +
        "the server's wait_for.max_timeout_ms (60000 unless configured).",
    ),
    poll_ms: millis.describe(
      `Milliseconds between polls. Default 200; ${FLOOR}`,
    ),
    window_uid: z.string().optional().describe(
      "The window whose tree element and text conditions read (from list_windows); " +
        "default, or when it no longer exists, the focused window.",
    ),
    coordinate_space: coordinateSpaceArg,
  }),
  output: z.object({
    matched_index: z.number().int().describe("The index in any_of of the condition that held."),
    matched_detail: matchedDetail,
    elapsed_ms: z.number().describe("How long the wait took, ms."),
    polls: z.number().int().describe("How many times the conditions were checked."),
    ...spaceResultField,
  }).describe("The condition that ended the wait."),
  annotations: READ_ONLY,
  async run(args, { session, signal }) {
    if (!args.any_of || args.any_of.length === 0) {
      throw new ToolError("BadRequest", "any_of is required");
    }
    const mapping = await callSpace(session, args.coordinate_space);
    const start = sessionView(session, args.window_uid);
    const checks: Check[] = [];
    for (const [i, raw] of args.any_of.entries()) {
      checks.push(
        await prepareCheck(raw, i, start, session.tokens, session.config.limits.regex_length),
      );
    }
    const timeoutMs = timeoutOf(session, args.timeout_ms);
    const outcome = await pollUntil<{ index: number; detail: Detail }>({
      timeoutMs,
      pollMs: pollInterval(args.poll_ms, 200, session.liveMirror),
      signal,
      poll: async () => {
        const view = sessionView(session, args.window_uid);
        for (const [index, check] of checks.entries()) {
          // A condition that throws counts as not satisfied.
          const detail = await check(view).catch(() => null);
          if (detail === null) continue;
          // An element id handed out is checked for staleness against this tree.
          const uid = detail.element_id === undefined ? undefined : String(detail.window_uid);
          const seen = uid === undefined ? null : await view.seen(uid);
          if (uid && seen) session.recordServed(uid, seen.tree);
          return { index, detail };
        }
        return null;
      },
    });
    if (outcome.value === null) {
      throw new ToolError("Timeout", `wait_for timed out after ${timeoutMs}ms`, {}, {
        elapsed_ms: outcome.elapsedMs,
        polls: outcome.polls,
        matched_index: null,
      });
    }
    return {
      matched_index: outcome.value.index,
      matched_detail: placesInSpace(outcome.value.detail, ["bounds"], mapping),
      elapsed_ms: outcome.elapsedMs,
      polls: outcome.polls,
      ...spaceField(mapping),
    };
  },
});

export const waitIdleTool = defineTool({
  name: "wait_idle",
  waits: true,
  description: "Wait until a window's tree stops changing for quiet_ms (default 750), polling " +
    "every poll_ms (default 100), at most timeout_ms (default 5000; Timeout error). Use after " +
    "an action that starts loading or animating. Returns elapsed_ms and the settled tree_hash.",
  kind: "other",
  input: z.object({
    ...windowArgs,
    quiet_ms: millis.describe(
      "How long the tree must stay unchanged, in milliseconds, to count as idle. Default 750.",
    ),
    timeout_ms: millis.describe(
      "Give up after this many milliseconds with a Timeout error. Default 5000, capped by " +
        "the server's wait_for.max_timeout_ms (60000 unless configured).",
    ),
    poll_ms: millis.describe(
      `Milliseconds between captures. Default 100; ${FLOOR}`,
    ),
  }),
  output: z.object({
    window_uid: z.string().describe("The window watched."),
    elapsed_ms: z.number().describe("How long it took to settle, ms."),
    tree_hash: z.string().describe("The settled tree's hash."),
  }).describe("The window's tree stopped changing."),
  annotations: READ_ONLY,
  async run(args, { session, signal }) {
    const { window } = await targetWindow(session, args);
    const quietMs = args.quiet_ms ?? 750;
    let last: string | null = null;
    let stillSince = 0;
    const outcome = await pollUntil<string>({
      timeoutMs: timeoutOf(session, args.timeout_ms),
      pollMs: pollInterval(args.poll_ms, 100, session.liveMirror),
      signal,
      poll: async () => {
        const capture = await captureWindow(session, window, "current");
        const now = performance.now();
        // Focus and check state count as change too, not only tree_hash fields.
        const state = shownState(capture);
        if (state !== last) {
          last = state;
          stillSince = now;
          return null;
        }
        return now - stillSince >= quietMs ? capture.hash : null;
      },
    });
    if (outcome.value === null) {
      throw new ToolError("Timeout", "wait_idle timed out", { window_uid: window.window_uid }, {
        elapsed_ms: outcome.elapsedMs,
      });
    }
    return {
      window_uid: window.window_uid,
      elapsed_ms: outcome.elapsedMs,
      tree_hash: outcome.value,
    };
  },
});
