// drag: each end a point, a selector or an element id; press modifiers,
// drag with the left button, release.

import { z } from "zod";
import {
  type CoordinateTarget,
  receiptWindow,
  runCoordinateVerb,
} from "../services/act/coordinate_verb.ts";
import { ToolError } from "../model/errors.ts";
import { MODIFIERS } from "../formats/keys/keys.ts";
import { parseKeysArg } from "../formats/keys/key_args.ts";
import { captureWindow } from "../services/observe/capture.ts";
import type { Session } from "../runtime/session.ts";
import { resolveTarget } from "../services/act/targets.ts";
import { center } from "../model/tree.ts";
import type { WindowArgs } from "../formats/geometry/window_order.ts";
import {
  autoActivate,
  checkedByTool,
  CONFIRM_TOKEN,
  dryRun,
  mouseButton,
  screenX,
  screenY,
  windowArgsFor,
} from "./shared/args.ts";
import { ACTS, defineTool } from "../runtime/registry.ts";
import { receiptSchema } from "./shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { fromScreen, type SpaceMapping, toScreen } from "../formats/geometry/coordinate_space.ts";

const pixelPair = z.array(z.number()).describe("A point as [x, y], in coordinate_space.");

const endpoint = z.union([
  z.object({ x: screenX, y: screenY }).strict().describe("A point in the call's coordinate_space."),
  z.object({
    selector: z.string().min(1).max(2000).describe(
      'Selector of the element, e.g. Slider[name="Volume"]; its first match is used.',
    ),
  }).strict().describe("The centre of the first element matching a selector in the window."),
  z.object({
    element_id: z.string().min(1).max(500).describe(
      "An element id from a recent capture of the window (e.g. root.1.0) or a compact view's " +
        "ref (e.g. e12).",
    ),
  }).strict().describe("The centre of the element with this id in the window's current tree."),
]);

type Endpoint = z.output<typeof endpoint>;

const USAGE = "drag requires from/to as {x,y} or {selector|element_id}";

interface ResolvedEnd {
  point: { x: number; y: number };
  target: CoordinateTarget | null;
}

/** Each end's screen point; a point's `what` (from, to) names it when it is outside the space. */
async function resolveEnds(
  session: Session,
  args: WindowArgs,
  mapping: SpaceMapping,
  ends: Array<[what: string, end: Endpoint]>,
): Promise<ResolvedEnd[]> {
  const needsTree = ends.some(([, e]) => !("x" in e));
  const { window } = await receiptWindow(session, args);
  if (needsTree && !window) throw new ToolError("WindowGone", "no windows available");
  const tree = needsTree && window ? (await captureWindow(session, window)).tree : null;
  return ends.map(([what, end]) => {
    if ("x" in end) return { point: toScreen(mapping, end, what), target: null };
    const { element, selector } = resolveTarget(
      tree!,
      end,
      null,
      session.config.limits.regex_length,
    );
    return {
      point: center(element.bounds),
      // Receipts keep their target's bounds on the screen, as every verb's does (traces draw them).
      target: { element_id: element.id, selector, bounds: element.bounds },
    };
  });
}

export const dragTool = defineTool({
  name: "drag",
  description:
    "Drag with a mouse button (left unless button says otherwise) from one place to another: " +
    "each end is {x, y} (absolute screen pixels, or the coordinate_space given or set with " +
    "set_coordinate_space), {selector} or {element_id} (the element's centre). Optional " +
    "modifiers held " +
    'during the drag (e.g. ["ctrl"] to copy) and duration_s (default 0.5).',
  kind: "input",
  input: z.object({
    ...windowArgsFor(
      "The window in whose tree selector and element_id ends are resolved; brought to the " +
        "front first when another window is at the start point; its tree is compared before " +
        "and after",
      "Without a window argument, or when index or title finds none, the focused window.",
    ),
    auto_activate: autoActivate,
    // Checked in run(), to answer with one message naming the accepted shapes.
    from: checkedByTool(endpoint).describe(
      "Where the drag starts: {x, y} in the call's coordinate_space, {selector} or {element_id} " +
        "(the element's centre). Required.",
    ),
    to: checkedByTool(endpoint).describe(
      "Where the drag ends: {x, y} in the call's coordinate_space, {selector} or {element_id} " +
        "(the element's centre). Required.",
    ),
    modifiers: z.array(
      z.string().describe(
        "A modifier key: ctrl, shift, alt or super (case-insensitive; aliases such as " +
          "control or cmd are accepted).",
      ),
    ).max(4).default([]).describe(
      'Modifier keys held during the drag, e.g. ["ctrl"] to copy; at most 4. Default none.',
    ),
    duration_s: z.number().min(0).max(10).default(0.5).describe(
      "How long the drag takes, in seconds, 0 to 10. Default 0.5.",
    ),
    button: mouseButton.describe(
      "The button held during the drag: left (default), right or middle.",
    ),
    coordinate_space: coordinateSpaceArg,
    dry_run: dryRun,
    confirm_token: CONFIRM_TOKEN,
  }),
  output: receiptSchema({
    from: pixelPair.describe("Where the drag started, [x, y]."),
    to: pixelPair.describe("Where the drag ended, [x, y]."),
    modifiers: z.array(z.string().describe("A canonical modifier key name.")).describe(
      "The modifier keys held during the drag.",
    ),
    path: z.array(pixelPair).describe("The pointer's path: start, midpoint, end, each [x, y]."),
    ...spaceResultField,
  }, "The drag's receipt; target is the start's element, else the end's, when one was named."),
  annotations: ACTS,
  async run(args, { session }) {
    const from = endpoint.safeParse(args.from);
    const to = endpoint.safeParse(args.to);
    if (!from.success || !to.success) throw new ToolError("BadRequest", USAGE);
    const modifiers = args.modifiers.map((m) => {
      const [key] = parseKeysArg(m);
      if (!MODIFIERS.has(key)) {
        throw new ToolError("BadRequest", `'${m}' is not a modifier key`, { modifier: m });
      }
      return key;
    });
    const mapping = await callSpace(session, args.coordinate_space);
    const [start, end] = await resolveEnds(session, args, mapping, [
      ["from", from.data],
      ["to", to.data],
    ]);
    const mid = {
      x: Math.floor((start.point.x + end.point.x) / 2),
      y: Math.floor((start.point.y + end.point.y) / 2),
    };
    const pair = (p: { x: number; y: number }) => {
      const shown = fromScreen(mapping, p);
      return [shown.x, shown.y];
    };
    return runCoordinateVerb(session, {
      action: "drag",
      args,
      dryRun: args.dry_run,
      point: start.point,
      echo: {
        from: pair(start.point),
        to: pair(end.point),
        modifiers,
        path: [start.point, mid, end.point].map(pair),
        ...spaceField(mapping),
      },
      target: start.target ?? end.target ?? undefined,
      act: {
        kind: "input",
        input: {
          kind: "drag",
          from: start.point,
          to: end.point,
          durationMs: Math.round(args.duration_s * 1000),
          modifiers,
          button: args.button,
        },
      },
    });
  },
});
