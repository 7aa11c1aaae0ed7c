// get_set_of_marks (GET /api/set_of_marks): OSWorld's "som" observation — the
// screen with a numbered red box on every element its filter keeps, and the
// matching element list. The marks are remembered so that `tag_N` in a later
// run_pyautogui call clicks the element the agent saw, or fails as stale.

import { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import { screenOf, toBase64 } from "../../services/observe/capture.ts";
import { encodePngOffThread } from "../../formats/image/workers.ts";
import { drawMarks } from "../formats/marks/draw_marks.ts";
import { marksTable, setOfMarks } from "../formats/marks/marks.ts";
import { markStores } from "../services/marks_store.ts";
import { cutTableOffThread } from "../../formats/tokens/off_thread.ts";
import { DEFAULT_TABLE_TOKENS, osworldScope, osworldTree } from "./accessibility.ts";
import { windowArgsFor } from "../../tools/shared/args.ts";
import { defineTool, READ_ONLY } from "../../runtime/registry.ts";
import { boundsSchema, imageFields, pointSchema } from "../../tools/shared/results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "../../tools/shared/coordinate_args.ts";
import { placesInSpace } from "../../formats/geometry/in_space.ts";

const marksInput = z.object({
  ...windowArgsFor(
    "Mark only this window's elements (the screenshot is still the whole screen)",
    "Without a window argument the elements of every application are marked; when index or " +
      "title finds none, the focused window's.",
  ),
  max_tokens: z.number().int().min(1).max(1_000_000).optional().describe(
    "Cut the element list to this many cl100k tokens, marking the cut with [...] (default " +
      "10000, as OSWorld's agents). The marks themselves are never cut.",
  ),
  image: z.boolean().default(true).describe(
    "false: leave out the marked screenshot (the element list and marks only). Default true.",
  ),
  coordinate_space: coordinateSpaceArg,
});

export const getSetOfMarksTool = defineTool({
  name: "get_set_of_marks",
  description:
    "OSWorld's set-of-marks observation: a PNG of the screen (base64) with a numbered red " +
    "box on each visible, usable element, and the element list `index\\ttag\\tname\\ttext`. " +
    "In run_pyautogui, tag_N stands for mark N's centre from this observation (its " +
    "observation_id, or the latest); if that element has moved or gone since, the call " +
    "fails with MarksStale instead of clicking somewhere else.",
  kind: "perception",
  input: marksInput,
  output: z.object({
    observation_id: z.string().describe(
      "This observation: run_pyautogui's observation_id, for its tag_N.",
    ),
    table: z.string().describe(
      "The element list, a header then a line per mark, tab-separated: index, tag, name, " +
        "text; ending [...] when cut.",
    ),
    tokens: z.number().int().describe("The list's cl100k tokens."),
    cut: z.boolean().describe("Whether max_tokens cut the list."),
    marks: z.array(
      z.object({
        tag: z.number().int().describe("N in tag_N: the number drawn on the box."),
        role: z.string().describe("The element's role (AT-SPI role name)."),
        name: z.string().describe("Its name."),
        bounds: boundsSchema,
        centre: pointSchema.describe(
          "The point tag_N stands for (in coordinate_space; tag_N itself always clicks it).",
        ),
      }).describe("One mark."),
    ).describe("Every mark, never cut."),
    ...spaceResultField,
    ...imageFields,
    format: z.literal("png").optional().describe(
      "image true (default): the marked screenshot's format.",
    ),
  }).describe("OSWorld's set-of-marks observation."),
  // Remembering the marks (for tag_N) is session memory, like the tree cache: still a read.
  annotations: READ_ONLY,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const window = await osworldScope(session, args);
    const marks = setOfMarks(await osworldTree(session, window));
    const observation = markStores(session).add(marks, window?.window_uid ?? null);
    const list = await cutTableOffThread(
      marksTable(marks).split("\n"),
      args.max_tokens ?? DEFAULT_TABLE_TOKENS,
    );
    const result: Record<string, unknown> = {
      observation_id: observation.id,
      table: list.table,
      tokens: list.tokens,
      cut: list.cut,
      marks: marks.map((m) =>
        placesInSpace(
          { tag: m.tag, role: m.role, name: m.name, bounds: m.bounds, centre: m.centre },
          ["bounds", "centre"],
          mapping,
        )
      ),
      ...spaceField(mapping),
    };
    if (!args.image) return result;
    const screen = await screenOf(session);
    const image = await session.adapter.screenshot({ kind: "screen" });
    if (!image) throw new ToolError("Internal", "screenshot capture failed");
    drawMarks(image, marks, screen);
    return {
      ...result,
      format: "png",
      encoding: "base64",
      data: toBase64(await encodePngOffThread(image)),
    };
  },
});
