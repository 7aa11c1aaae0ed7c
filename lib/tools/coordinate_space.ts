// set_coordinate_space: the space coordinates are in for every later call
// that names none (issue 45), so an agent that works on scaled screenshots or
// in 0–1000 declares it once.

import { z } from "zod";
import { mappingOf, parseSpace, spaceName } from "../formats/geometry/coordinate_space.ts";
import { defineTool } from "../runtime/registry.ts";
import { boundsSchema } from "./shared/results.ts";
import { coordinateSpaceArg, screenFrame, SPACE_HELP } from "./shared/coordinate_args.ts";

export const setCoordinateSpaceTool = defineTool({
  name: "set_coordinate_space",
  description: "Declare the space coordinates are in for this session's later calls that name " +
    "none: the input tools (click_at, hover_at, scroll, drag, mouse_button), run_pyautogui and " +
    "run_computer13 take them in it, and find_element, get_element and the input receipts " +
    "answer in it. A call's own coordinate_space wins. Typical: take get_screenshot with " +
    'max_width 1280, then declare the coordinate_space it answered (e.g. "scaled:1280x720").',
  kind: "other",
  input: z.object({
    coordinate_space: coordinateSpaceArg.unwrap().describe(`The space, required: ${SPACE_HELP}`),
  }),
  output: z.object({
    coordinate_space: z.string().describe("The session's space now."),
    previous: z.string().describe("The session's space before."),
    screen: boundsSchema.describe(
      "The whole screen in screen pixels: the frame scaled and normalized spaces cover.",
    ),
  }).describe("The session's coordinate space."),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  async run(args, { session }) {
    const space = parseSpace(args.coordinate_space);
    const screen = await screenFrame(session);
    mappingOf(space, screen); // a scaled space without the screen's aspect is refused here
    const previous = spaceName(session.coordinateSpace);
    session.coordinateSpace = space;
    return { coordinate_space: spaceName(space), previous, screen };
  },
});
