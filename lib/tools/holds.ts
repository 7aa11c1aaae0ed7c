// mouse_button and key_hold: one button or key going down or up on its own,
// for the gestures whole clicks and chords cannot express (OSWorld's
// MOUSE_DOWN / KEY_DOWN, pyautogui's mouseDown / keyDown). What is held stays
// held between calls until released.

import { z } from "zod";
import { runCoordinateVerb } from "../services/act/coordinate_verb.ts";
import { parseKeysArg } from "../formats/keys/key_args.ts";
import { ToolError } from "../model/errors.ts";
import { dryRun, mouseButton, movedTo, moveFirstArgs, xAndYTogether } from "./shared/args.ts";
import { ACTS, defineTool } from "../runtime/registry.ts";
import { verbWindowArgs } from "./shared/verb_args.ts";
import { receiptSchema } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  pointEcho,
  pointGiven,
  screenPointFields,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";

const state = z.enum(["down", "up"]).describe(
  "down: press and keep holding; up: release. Required.",
);

export const mouseButtonTool = defineTool({
  name: "mouse_button",
  description:
    "Press (state down) or release (state up) one mouse button and leave it so, moving to x, y " +
    "first when given: the parts of a click or drag an agent wants to control itself. A " +
    "button pressed and not released stays held. For ordinary clicks use click_at.",
  kind: "input",
  input: z.object({
    ...verbWindowArgs,
    button: mouseButton,
    state,
    ...moveFirstArgs("to use the pointer where it is"),
    coordinate_space: coordinateSpaceArg,
    dry_run: dryRun,
  }).refine(...xAndYTogether),
  output: receiptSchema({
    button: z.enum(["left", "right", "middle"]).describe("The button pressed or released."),
    state: z.enum(["down", "up"]).describe("down: pressed and held; up: released."),
    x: z.number().optional().describe(
      "Where it happened (x, in coordinate_space): the point given, else the pointer's.",
    ),
    y: z.number().optional().describe(
      "Where it happened (y, in coordinate_space): the point given, else the pointer's.",
    ),
    ...screenPointFields,
    ...spaceResultField,
  }, "The button's receipt (no x, y when no point was given and the pointer's is unknown)."),
  annotations: ACTS,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const given = movedTo(args);
    const moveTo = given ? pointGiven(mapping, given).screen : undefined;
    const point = moveTo ?? await session.adapter.pointer() ?? undefined;
    return runCoordinateVerb(session, {
      action: "mouse_button",
      args,
      dryRun: args.dry_run,
      point,
      echo: {
        button: args.button,
        state: args.state,
        ...(point ? pointEcho(mapping, point) : {}),
        ...spaceField(mapping),
      },
      act: {
        kind: "input",
        input: { kind: "button", button: args.button, down: args.state === "down", ...moveTo },
      },
    });
  },
});

export const keyHoldTool = defineTool({
  name: "key_hold",
  description:
    "Press (state down) or release (state up) one key and leave it so, e.g. hold shift while " +
    "clicking several items, then release it. A key pressed and not released stays held. " +
    "For shortcuts use press_key ('ctrl+s').",
  kind: "input",
  input: z.object({
    ...verbWindowArgs,
    key: z.string().min(1).max(40).describe(
      "One key: a name (shift, ctrl, alt, super, enter, f5, a...) or a single character; " +
        "case-insensitive names. Required.",
    ),
    state,
    dry_run: dryRun,
  }),
  output: receiptSchema({
    key: z.string().describe("The key, by its canonical name."),
    state: z.enum(["down", "up"]).describe("down: pressed and held; up: released."),
  }, "The key's receipt."),
  annotations: ACTS,
  run(args, { session }) {
    const keys = parseKeysArg(args.key);
    if (keys.length !== 1) {
      throw new ToolError("BadRequest", `key_hold takes one key, not '${args.key}'`, {
        key: args.key,
      });
    }
    return runCoordinateVerb(session, {
      action: "key_hold",
      args,
      dryRun: args.dry_run,
      echo: { key: keys[0], state: args.state },
      act: { kind: "input", input: { kind: "key", key: keys[0], down: args.state === "down" } },
    });
  },
});
