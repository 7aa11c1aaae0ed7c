// One element and its ancestors read again, not the window: what an action's
// visibility and stability checks need between two looks at an element
// (lib/services/act/actionable.ts). Each node is read as a capture reads it
// (bounds on screen, states, the frame's quirks), without its children.

import { type Element, idsAlong } from "../../../lib/model/tree.ts";
import type { CaptureLimits } from "../../types.ts";
import type { AtspiBatch } from "./batch.ts";
import { walkMany } from "./capture.ts";
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
  limits: CaptureLimits,
): Element[] | null {
  const chain = followId(session, frame, elementId);
  if (chain === null) return null;
  try {
    // Every node starts at the depth limit: it is read, its children are not.
    const starts = chain.map((accessible) => ({
      accessible,
      depth: limits.maxDepth,
      quirks,
      topLevels: null,
    }));
    const { roots } = walkMany(session, batch, starts, limits);
    // Linked as the chain they are, LibreOffice's embedded panes are corrected as a capture does.
    roots.forEach((node, i) => node.children = i + 1 < roots.length ? [roots[i + 1]] : []);
    correctEmbeddedOrigins(roots[0]);
    // As captureFrame names it: client-side-decorated GTK windows leave their frame unnamed.
    if (roots[0].name === "") roots[0].name = title;
    const ids = idsAlong(elementId);
    return roots.map((node, i) => {
      const { truncated: _cut, child_count: _count, ...read } = node;
      return { ...read, id: ids[i], children: [] };
    });
  } finally {
    for (const accessible of chain) session.unref(accessible);
  }
}
