// One element and its ancestors read again, not the window: what an action's
// visibility and stability checks need between two looks at an element
// (lib/services/act/actionable.ts). Each node's role, name, states and box
// are read as a capture reads them (the frame's quirks applied), in one
// round of calls, without its children or its other fields.

import { type Element, idsAlong } from "../../../lib/model/tree.ts";
import type { AtspiBatch } from "./batch.ts";
import { readForChecks } from "./capture.ts";
import type { Accessible, AtspiConnection } from "./connection.ts";
import { correctEmbeddedOrigins } from "./embedded_origin.ts";
import { followId } from "./element_operations.ts";
import type { FrameQuirks } from "./frame_quirks.ts";

/**
 * The frame's node and each node down to `elementId` (the element last),
 * childless, with their positional ids; null when the id names nothing now.
 */
export function readElementPath(
  session: AtspiConnection,
  batch: AtspiBatch,
  frame: Accessible,
  quirks: FrameQuirks,
  title: string,
  elementId: string,
): Element[] | null {
  const chain = followId(session, frame, elementId);
  if (chain === null) return null;
  try {
    const nodes = readForChecks(session, batch, chain, quirks);
    if (nodes === null) return null;
    // Linked as the chain they are, LibreOffice's embedded panes are corrected as a capture does.
    nodes.forEach((node, i) => node.children = i + 1 < nodes.length ? [nodes[i + 1]] : []);
    correctEmbeddedOrigins(nodes[0]);
    // As captureFrame names it: client-side-decorated GTK windows leave their frame unnamed.
    if (nodes[0].name === "") nodes[0].name = title;
    const ids = idsAlong(elementId);
    return nodes.map((node, i) => ({ ...node, id: ids[i], children: [] }));
  } finally {
    for (const accessible of chain) session.unref(accessible);
  }
}
