// get_accessibility_tree (GET /api/accessibility): the accessibility tree in
// the formats OSWorld's agents read: the XML its in-VM server returns, as
// {"AT": xml}, or the table its agents linearize that XML into, cut to a
// cl100k token budget, as {"table": text}. Desktop-wide unless a window is named.

import { z } from "zod";
import { screenOf } from "../../services/observe/capture.ts";
import { captureDesktop, captureWindow, targetWindow } from "../../services/observe/capture.ts";
import { desktopTree } from "../../formats/geometry/desktop_tree.ts";
import {
  type ListedWindow,
  type WindowArgs,
  windowNamed,
} from "../../formats/geometry/window_order.ts";
import { assignIds, copyTree, type Element } from "../../model/tree.ts";
import { accessibilityXml } from "../formats/xml.ts";
import { tableLines } from "../formats/table.ts";
import { cutTableOffThread } from "../../formats/tokens/off_thread.ts";
import type { Session } from "../../runtime/session.ts";
import { windowArgsFor } from "../../tools/shared/args.ts";
import { defineTool, READ_ONLY } from "../../runtime/registry.ts";

/** What OSWorld's agents cut the table to. */
export const DEFAULT_TABLE_TOKENS = 10_000;

const accessibilityInput = z.object({
  ...windowArgsFor(
    "Only this window (under its application)",
    "Without a window argument the whole desktop; when index or title finds none, the " +
      "focused window.",
  ),
  format: z.enum(["xml", "table"]).default("xml").describe(
    'xml (default): {"AT": "<desktop-frame ...>"}, the XML OSWorld\'s in-VM server returns ' +
      "(tags are AT-SPI role names; st:, attr:, cp:, val:, act: attributes; text content). " +
      'table: {"table": "..."}, the tab-separated table OSWorld\'s agents build from it ' +
      "(header tag, name, text, class, description, position (top-left x&y), size (w&h); " +
      "only visible, showing, usable, named elements of interactive or text roles), cut to " +
      "max_tokens.",
  ),
  max_tokens: z.number().int().min(1).max(1_000_000).optional().describe(
    "format=table: cut the table to this many cl100k tokens, marking the cut with [...] " +
      "(default 10000, as OSWorld's agents). Ignored for xml.",
  ),
});

/** The window the arguments name (the focused one when none matches); null: the whole desktop. */
export async function osworldScope(
  session: Session,
  args: WindowArgs,
): Promise<ListedWindow | null> {
  return windowNamed(args) ? (await targetWindow(session, args)).window : null;
}

/** The desktop, or one window wrapped in its application, as OSWorld walks it. */
export async function osworldTree(session: Session, window: ListedWindow | null): Promise<Element> {
  if (window === null) {
    return (await captureDesktop(session, null, session.config.tree.max_depth)).tree;
  }
  // A copy: the desktop's ids must not renumber the tree the cache (or the mirror) holds.
  const tree = copyTree((await captureWindow(session, window)).tree, { maxDepth: Infinity }).tree;
  return assignIds(desktopTree(await screenOf(session), [{ window, tree }], null)!);
}

export const getAccessibilityTreeTool = defineTool({
  name: "get_accessibility_tree",
  description:
    "Return the accessibility tree in OSWorld's formats, for agents built on OSWorld or " +
    'OS-Harm: format xml (default) gives {"AT": xml} exactly as OSWorld\'s in-VM server ' +
    'does; format table gives {"table": text}, the linearized table their agents prompt ' +
    "with, cut to max_tokens cl100k tokens. The whole desktop (every application, open " +
    "popups included) unless a window is named.",
  kind: "perception",
  input: accessibilityInput,
  output: z.object({
    AT: z.string().optional().describe(
      "format xml: the tree as OSWorld's in-VM server returns it (<desktop-frame ...>).",
    ),
    table: z.string().optional().describe(
      "format table: the tab-separated table OSWorld's agents read, ending [...] when cut.",
    ),
    tokens: z.number().int().optional().describe("format table: the table's cl100k tokens."),
    cut: z.boolean().optional().describe("format table: whether max_tokens cut rows off."),
    rows: z.number().int().optional().describe("format table: rows before any cut (no header)."),
  }).describe('OSWorld\'s accessibility tree: {"AT": xml} or the table.'),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const tree = await osworldTree(session, await osworldScope(session, args));
    if (args.format === "xml") return { AT: accessibilityXml(tree) };
    const { table, tokens, cut, rows } = await cutTableOffThread(
      tableLines(tree),
      args.max_tokens ?? DEFAULT_TABLE_TOKENS,
    );
    return { table, tokens, cut, rows };
  },
});
