// wait_for and wait_idle (spec/observation.md §10): poll until a condition
// holds or the window's tree stays still, on timers, so other requests are
// served meanwhile.

import { z } from "zod";
import { ToolError } from "../core/errors.ts";
import { contentFingerprint } from "../core/hash.ts";
import { captureWindow, targetWindow } from "../observe/capture.ts";
import { sessionView } from "../wait/poll_view.ts";
import type { Session } from "../core/session.ts";
import { pollUntil } from "../wait/loop.ts";
import { type Check, type Detail, prepareCheck } from "../wait/conditions.ts";
import { windowArgs } from "./args.ts";
import { defineTool, READ_ONLY } from "./registry.ts";

const MIN_POLL_MS = 50;
const millis = z.number().int().min(0).max(3_600_000).optional();

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
    any_of: z.array(z.unknown()).max(32).optional(),
    timeout_ms: millis,
    poll_ms: millis,
    window_uid: z.string().optional(),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    if (!args.any_of || args.any_of.length === 0) {
      throw new ToolError("BadRequest", "any_of is required");
    }
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
      pollMs: Math.max(args.poll_ms ?? 200, MIN_POLL_MS),
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
      matched_detail: outcome.value.detail,
      elapsed_ms: outcome.elapsedMs,
      polls: outcome.polls,
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
  input: z.object({ ...windowArgs, quiet_ms: millis, timeout_ms: millis, poll_ms: millis }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const { window } = await targetWindow(session, args);
    const quietMs = args.quiet_ms ?? 750;
    let last: string | null = null;
    let stillSince = 0;
    const outcome = await pollUntil<string>({
      timeoutMs: timeoutOf(session, args.timeout_ms),
      pollMs: Math.max(args.poll_ms ?? 100, MIN_POLL_MS),
      poll: async () => {
        const capture = await captureWindow(session, window, "bypass");
        const now = performance.now();
        // Focus and check state count as change too, not only tree_hash fields.
        const state = `${capture.hash} ${contentFingerprint(capture.tree)}`;
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
