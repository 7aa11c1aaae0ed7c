// Composite action + observe: run the action; when it succeeded, wait
// `wait_after_ms`, then attach a full observe_window result (its own step
// id) as `observation`. The result names the composite as `action` and the
// underlying action as `performed`.

import { z } from "zod";
import { errorObject, ToolError } from "../model/errors.ts";
import type { Session } from "../runtime/session.ts";
import { clickElementTool } from "./element_verbs.ts";
import { pressKeyTool, typeTextTool } from "./coordinate_verbs.ts";
import { observeWindowTool } from "./observe_window.ts";
import {
  ACTS,
  defineTool,
  type Tool,
  type ToolContext,
  type ToolResult,
} from "../runtime/registry.ts";
import { annotate } from "../runtime/answer.ts";

const extraArgs = {
  wait_after_ms: z.number().int().min(0).max(10_000).default(200).describe(
    "Milliseconds to wait after a successful action before observing, 0 to 10000. Default 200.",
  ),
  since: z.string().optional().describe(
    "A tree_token from an earlier capture: `observation` then holds only the changes since " +
      "that tree (as observe_window's since). Default: a full observation.",
  ),
};

function succeeded(result: ToolResult): boolean {
  return result.ok === undefined ? result.success !== false : result.ok === true;
}

/** observe_window as its own step; a failure (e.g. an expired `since`) is its result. */
async function observe(session: Session, ctx: ToolContext, args: Record<string, unknown>) {
  const ids = session.nextStep(false);
  try {
    const parsed = observeWindowTool.input.parse(args);
    const result = await observeWindowTool.run(parsed, { ...ctx, ...ids });
    return annotate(ids, result);
  } catch (e) {
    if (!(e instanceof ToolError)) throw e;
    return {
      ok: false,
      success: false,
      step_id: ids.stepId,
      error: errorObject(e.code, e.message, e.context),
      ...e.extra,
    };
  }
}

function composite(name: string, action: Tool, description: string): Tool {
  const input = (action.input as z.ZodObject).extend(extraArgs);
  return defineTool({
    name,
    description,
    kind: "input",
    input,
    output: (action.output as z.ZodObject).extend({
      action: z.literal(name).describe("This composite tool's name."),
      performed: z.string().describe(
        `The action's own verb, as ${action.name} names it in its receipt's action.`,
      ),
      observation: z.record(z.string(), z.unknown()).describe(
        "observe_window's answer after the action (its own step_id): the window's tree, or " +
          "only the changes since `since`; an answer with ok false when the observation failed.",
      ),
    }).describe(`${action.name}'s receipt, then an observation of the window.`),
    annotations: ACTS,
    async run(args, ctx) {
      const { wait_after_ms, since, ...actionArgs } = args as
        & { wait_after_ms: number; since?: string }
        & Record<string, unknown>;
      const result = await action.run(actionArgs, ctx);
      const out = { ...result, action: name, performed: result.action };
      if (!succeeded(result)) return out;
      const target = result.target as { window_uid?: string | null } | undefined;
      const uid = target?.window_uid ?? undefined;
      // The dispatcher invalidates only after this tool; the observation must not see the old tree.
      ctx.session.cache.invalidate(uid ?? null);
      await new Promise((resolve) => setTimeout(resolve, wait_after_ms));
      // The observation answers in the action's space (click_element_and_observe's own, if given).
      const space = actionArgs.coordinate_space;
      const observation = await observe(ctx.session, ctx, {
        ...(uid ? { window_uid: uid } : {}),
        ...(since ? { since } : {}),
        ...(space === undefined ? {} : { coordinate_space: space }),
      });
      return { ...out, observation };
    },
  });
}

const THEN_OBSERVE = "then, after wait_after_ms (default 200), observe the window: " +
  "`observation` holds a full observe_window result, or only the changes when `since` (a " +
  "tree_token) is given. Saves a round trip per action.";

export const clickElementAndObserveTool = composite(
  "click_element_and_observe",
  clickElementTool,
  `Click an element (as click_element: selector or element_id), ${THEN_OBSERVE}`,
);

export const typeAndObserveTool = composite(
  "type_and_observe",
  typeTextTool,
  `Type text into the focused element (as type_text), ${THEN_OBSERVE}`,
);

export const pressKeyAndObserveTool = composite(
  "press_key_and_observe",
  pressKeyTool,
  `Press a key combination (as press_key), ${THEN_OBSERVE}`,
);
