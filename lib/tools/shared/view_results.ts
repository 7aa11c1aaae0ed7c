// Result schemas the tree-reading tools share: a captured tree's token, hash
// and statistics (get_window_structure, observe_window), the compact view and
// its diff, tree diffs in both formats (observe_window, snapshot_diff) and
// the sketch (get_screen_sketch). Every field has a description: it is what
// an MCP client reads in the tool's outputSchema.

import { z } from "zod";
import { CUSTOM_FIELDS } from "../../formats/diff/fields.ts";
import { boundsSchema, elementTree, lonelyElementSchema } from "./results.ts";

// ---- a captured tree ----------------------------------------------------------

/** Why a capture ended early (adapters/types.ts CutShort). */
export const cutShortSchema = z.enum(["depth", "nodes", "time", "unresponsive"]);

/** What the capture behind a window's tree cost. */
export const capturePerfSchema = z.object({
  capture_ms: z.number().describe("How long capturing (or answering from the cache) took, ms."),
  app_ms: z.number().optional().describe(
    "Of capture_ms, how long the application itself took to answer the walk's questions, ms " +
      "(Linux, when the window was walked): the part no walker can save.",
  ),
  node_count: z.number().int().describe("Nodes in the whole captured tree."),
  cache: z.enum(["hit", "miss", "bypass"]).describe(
    "hit: answered from the tree cache or live mirror; miss: walked, the cache allowed; " +
      "bypass: walked because fresh was asked.",
  ),
  depth_used: z.number().int().describe("The depth the view was cut to."),
}).describe("The capture's cost.");

/** A tree with too few named nodes to act on (tree_view_args.ts degradedHint). */
export const degradedSchema = z.object({
  reason: z.literal("sparse_accessibility_tree").describe("Why the tree is of little use."),
  named_node_count: z.number().int().describe("Nodes with a name in the capture."),
  threshold: z.number().int().describe("Fewer named nodes than this count as sparse."),
  suggested_fallbacks: z.array(z.string()).describe("Tools that read the pixels instead."),
}).describe("Present when the tree is too sparse to act on: try the tools named.");

/** The fields of a window's captured tree that every tree-reading tool answers with. */
export const capturedTreeFields = {
  window: z.string().describe("The window's title."),
  window_uid: z.string().describe("The window's stable id."),
  tree_hash: z.string().describe("A hash of the tree's content: equal hashes, same content."),
  degraded: degradedSchema.optional(),
};

/** The depth a tree view was cut to, and whether that cut anything. */
export const depthUsedField = z.number().int().describe(
  "The depth the tree was cut to (levels below the root).",
);
export const depthTruncatedField = z.boolean().describe(
  "Whether the depth limit cut nodes off (those carry truncated and child_count).",
);

// ---- the compact view ---------------------------------------------------------

/** view compact: the tree as lines of text (lib/formats/compact/view.ts). */
export const compactFields = {
  compact: z.string().optional().describe(
    "view compact: one line per element (indent, ref, role, name, = text, states, @x,y).",
  ),
  tokens: z.number().int().optional().describe(
    "view compact with max_tokens: the text's length in cl100k tokens.",
  ),
  cut: z.boolean().optional().describe(
    "view compact: lines were left out to fit max_tokens (a closing line says which).",
  ),
};

/** view compact with since (or changed_only): what changed, as compact lines. */
export const compactDiffFields = {
  compact_diff: z.string().optional().describe(
    "view compact with since or changed_only: the lines that changed, like a unified diff: " +
      '"- " and the earlier line, "+ " and the current line (with its ref).',
  ),
  tokens: compactFields.tokens,
  cut: compactFields.cut,
};

// ---- tree diffs -----------------------------------------------------------------

/** Each field a custom `replace` may carry: the element's own, null when it is gone. */
const changedFieldsShape = Object.fromEntries(
  CUSTOM_FIELDS.map((key) => {
    const field = lonelyElementSchema.shape[key] as z.ZodType;
    const nullable = field.safeParse(null).success ? field : field.nullable();
    return [key, nullable.optional().describe(`${field.description} New value; null: gone.`)];
  }),
) as Record<(typeof CUSTOM_FIELDS)[number], z.ZodOptional<z.ZodType>>;

/** One record of the custom diff format (lib/formats/diff/custom.ts). */
export const customChangeSchema = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("replace").describe("Fields of a node changed."),
    path: z.string().describe('The node: child indices joined by "/" ("" is the root).'),
    fields: z.object(changedFieldsShape).describe(
      "Each changed field's new value (null: the field is gone).",
    ),
  }).describe("A node whose fields changed."),
  z.object({
    op: z.literal("remove").describe("A node left the tree."),
    path: z.string().describe("Its path in the earlier tree's parent (old child index)."),
  }).describe("A node removed, with its subtree."),
  z.object({
    op: z.literal("add").describe("A node joined the tree."),
    path: z.string().describe("Its path in the new tree."),
    node: elementTree("The new node, with its subtree."),
  }).describe("A node added."),
  z.object({
    op: z.literal("move").describe("A node changed place among its siblings."),
    from: z.string().describe("Its earlier path."),
    to: z.string().describe("Its new path."),
  }).describe("A node moved among its siblings."),
]).describe("One change, in the custom format.");

/** One operation of an RFC 6902 JSON Patch (lib/formats/diff/json_patch.ts). */
export const patchOperationSchema = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("add").describe("Add a value."),
    path: z.string().describe('A JSON Pointer into the tree ("/children/0/name").'),
    value: z.unknown().describe("The value added: a field's value or a whole node."),
  }).describe("An add operation."),
  z.object({
    op: z.literal("remove").describe("Remove a value."),
    path: z.string().describe("A JSON Pointer into the tree."),
  }).describe("A remove operation."),
  z.object({
    op: z.literal("replace").describe("Replace a value."),
    path: z.string().describe("A JSON Pointer into the tree."),
    value: z.unknown().describe("The new value."),
  }).describe("A replace operation."),
  z.object({
    op: z.literal("move").describe("Move a child node."),
    from: z.string().describe("A JSON Pointer to where it was."),
    path: z.string().describe("A JSON Pointer to where it goes."),
  }).describe("A move operation."),
]).describe("One JSON Patch operation (RFC 6902).");

/** A tree diff in either format. */
export const treeChangesSchema = z.union([
  z.array(customChangeSchema).describe("format custom: replace/add/remove/move records."),
  z.array(patchOperationSchema).describe(
    "format json-patch: operations that turn the earlier tree into the current one.",
  ),
]).describe("The changes, in the format asked for (empty: nothing changed).");

export const diffFormatSchema = z.enum(["custom", "json-patch"]);

// ---- the sketch -------------------------------------------------------------------

const sketchElementSchema = z.object({
  id: z.string().describe("The element's id in the captured tree."),
  role: z.string().describe("Its role."),
  name: z.string().describe("Its name (or what OCR read there)."),
  value: z.string().nullable().describe("Its value, when it has one."),
  bounds_screen: boundsSchema.describe("Its bounds in screen pixels."),
  state: z.object({
    focused: z.boolean().describe("Has the keyboard focus."),
    enabled: z.boolean().describe("Takes input."),
    selected: z.boolean().describe("Is selected."),
    expanded: z.boolean().describe("Is expanded."),
  }).describe("Its states."),
  legend_key: z.string().describe('Its key on the grid ("" when none: its label shows).'),
  tab_index: z.number().int().nullable().describe("Its place in tab order, when it has one."),
  occluded: z.boolean().describe("Covered by something drawn above it."),
  ocr_text: z.string().optional().describe("What OCR read in its box (with the OCR overlay)."),
  bounds_grid: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional().describe(
    "Its grid cells: [left, top, right, bottom] columns and rows, inclusive (when drawn).",
  ),
  value_now: z.number().optional().describe("A range's current value."),
  value_min: z.number().optional().describe("A range's smallest value."),
  value_max: z.number().optional().describe("A range's largest value."),
  identifier: z.string().optional().describe("The toolkit's id for it."),
  keyboard_shortcut: z.string().optional().describe("Its keyboard shortcut."),
}).describe("An element of the sketched tree, in pre-order.");

/** The sketch of a window (lib/services/sketch/view.ts sketchView). */
export const sketchViewFields = {
  window: z.string().describe('The window\'s title ("(focused)" when none was resolved).'),
  grid_width: z.number().int().describe("The grid's width in characters."),
  grid_height: z.number().int().describe("The grid's height in characters."),
  ocr_overlay: z.boolean().describe("Whether OCR text was drawn in."),
  ocr_error: z.string().optional().describe("Why the OCR overlay could not be drawn."),
  sketch: z.string().describe("The character grid, then a LEGEND of the keys it uses."),
  elements: z.array(sketchElementSchema).optional().describe(
    "structured: every element of the tree with its key and grid box.",
  ),
  legend: z.record(z.string(), z.string()).optional().describe(
    "structured: each key on the grid → the label of the control it stands for.",
  ),
};
