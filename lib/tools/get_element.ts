// get_element: one element of a window, by its id or by a screen point, with
// the selector that finds it again. The inspector's details pane uses it;
// an agent can use it to turn an id from a tree into a lasting selector.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { type Element, elementAt } from "../model/tree.ts";
import { captureWindow, targetWindow } from "../services/observe/capture.ts";
import { deriveSelector, pathTo } from "../formats/selectors/index.ts";
import { screenX, screenY, windowArgs, xAndYTogether } from "./shared/args.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { lonelyElementSchema, windowWarning } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { boxFromScreen, toScreen } from "../formats/geometry/coordinate_space.ts";

const getElementInput = z.object({
  ...windowArgs,
  element_id: z.string().min(1).max(200).optional().describe(
    'The element\'s id from a tree of this window (e.g. "root.0.2"). Give it, or x and y.',
  ),
  x: screenX.optional().describe(
    "Instead of element_id: an x in coordinate_space (by default screen pixels); the element " +
      "painted there (the last in tree order whose box holds the point) is returned. With y.",
  ),
  y: screenY.optional().describe("The y in coordinate_space, with x."),
  coordinate_space: coordinateSpaceArg,
}).refine(...xAndYTogether);

/** The element without its subtree: children become a count. */
function alone(node: Element): Record<string, unknown> {
  const { children, ...fields } = node;
  return { ...fields, child_count: node.child_count ?? children.length };
}

export const getElementTool = defineTool({
  name: "get_element",
  description: "One element of a window, by element_id or by the screen point x,y: its role, " +
    "name, value, states, actions and bounds (in coordinate_space; children left out, " +
    "child_count says how many), " +
    "the ids of its ancestors, and a selector derived for it that find_element and the " +
    "element verbs resolve back to this element first.",
  kind: "perception",
  input: getElementInput,
  output: z.object({
    window_uid: z.string().describe("The element's window."),
    element: lonelyElementSchema.extend({
      child_count: z.number().int().describe("How many children it has."),
    }).describe("The element, without its children."),
    ancestors: z.array(z.string()).describe("The ids of its ancestors, root first."),
    selector: z.string().describe(
      "A selector that finds this element first (find_element, the element verbs).",
    ),
    ...spaceResultField,
    ...windowWarning,
  }).describe("One element, and how to find it again."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    if ((args.element_id === undefined) === (args.x === undefined)) {
      throw new ToolError("BadRequest", "give element_id, or x and y (not both)");
    }
    const mapping = await callSpace(session, args.coordinate_space);
    const point = args.x === undefined ? null : toScreen(mapping, { x: args.x, y: args.y! });
    const { window, warning } = await targetWindow(session, args);
    const capture = await captureWindow(session, window);
    session.recordServed(window.window_uid, capture.tree);
    const id = args.element_id ?? elementAt(capture.tree, point!.x, point!.y)?.id;
    const path = id === undefined ? null : pathTo(capture.tree, id);
    if (path === null) {
      throw new ToolError(
        "ElementNotFound",
        args.element_id === undefined
          ? `no element of this window is at ${args.x},${args.y}`
          : `no element ${args.element_id} in this window`,
        { window_uid: window.window_uid },
      );
    }
    const node = path.at(-1)!;
    return {
      window_uid: window.window_uid,
      element: { ...alone(node), bounds: boxFromScreen(mapping, node.bounds) },
      ancestors: path.slice(0, -1).map((ancestor) => ancestor.id),
      selector: deriveSelector(capture.tree, node.id),
      ...spaceField(mapping),
      ...(warning ? { warning } : {}),
    };
  },
});
