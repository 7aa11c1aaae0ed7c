// The seed's LLM tools that have no v2 equivalent under the same name:
// get_element_tree and get_screen_sketch.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { GRID_LIMITS, sketchView } from "../services/sketch/view.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { getWindowStructureTool, structureOutput } from "./structure.ts";
import { sketchViewFields } from "./shared/view_results.ts";

const seedWindowIndex = z.number().int().optional().describe(
  "Index from list_windows (0-based). Omit for the focused window.",
);

export const getElementTreeTool = defineTool({
  name: "get_element_tree",
  description:
    "Return the window's accessibility element tree as structured JSON. Each element has id, " +
    "name, role, value, enabled, focused, keyboard_shortcut and bounds {x, y, width, height} " +
    "in absolute screen pixels (or the session's coordinate_space, set_coordinate_space); " +
    "click an element's centre at x + width // 2, y + height // 2. " +
    "Use it when the sketch or description is not precise enough to target a control. Same " +
    "result as get_window_structure, which also takes window_uid, depth and scope.",
  kind: "perception",
  input: z.object({ window_index: seedWindowIndex }),
  output: structureOutput,
  annotations: READ_ONLY,
  run(args, ctx) {
    // Parsed by get_window_structure's own schema, so its defaults apply.
    const structureArgs = getWindowStructureTool.input.parse({ window_index: args.window_index });
    return getWindowStructureTool.run(structureArgs, ctx);
  },
});

export const getScreenSketchTool = defineTool({
  name: "get_screen_sketch",
  description:
    "Draw the window as a character grid whose geometry follows the screen: containers are " +
    "boxes titled in their top border, controls are labels (or boxes around them) on the cells " +
    "they cover. A control too small for its name, or whose name is not unique, gets a legend " +
    "key that occurs once in the grid. To click a control, find its name or key in the grid: " +
    "the middle of that text maps back to the control (column * window width / grid width); " +
    "a control too short for any row has its key's legend line end with the screen point to " +
    "click (`@x,y`). " +
    "`structured: true` adds the drawn elements with their keys and the legend.",
  kind: "perception",
  input: z.object({
    window_index: seedWindowIndex,
    grid_width: z.number().int().min(GRID_LIMITS.width[0]).max(GRID_LIMITS.width[1]).optional()
      .describe("Sketch width in characters (default from config: ascii_sketch.grid_width)."),
    grid_height: z.number().int().min(GRID_LIMITS.height[0]).max(GRID_LIMITS.height[1])
      .optional().describe(
        "Sketch height in characters (default from config: ascii_sketch.grid_height).",
      ),
    structured: z.boolean().optional().describe("Also return the elements and the legend."),
  }),
  output: z.object(sketchViewFields).describe("A window drawn as a character grid."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const view = await sketchView(session, args);
    if (!view) throw new ToolError("Internal", "could not retrieve element tree");
    return view;
  },
});
