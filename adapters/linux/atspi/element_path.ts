// One element and its ancestors read again, not the window: what an action's
// visibility and stability checks need between two looks at an element
// (lib/services/act/actionable.ts). Each node's role, name, states and box
// are read as a capture reads them (the frame's quirks applied), in one
// round of calls, without its children or its other fields.

import { childPath, type Element, pathRead } from "../../../lib/model/tree.ts";
import { type AtspiBatch, childAt, type Target, targetOf } from "./batch.ts";
import { listedChildIndex, readForChecks } from "./capture.ts";
import type { Accessible, AtspiConnection } from "./connection.ts";
import { correctEmbeddedOrigins } from "./embedded_origin.ts";
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
  const chain = targetsAlong(batch, frame, elementId);
  const nodes = chain && readForChecks(session, batch, chain, quirks);
  if (!nodes) return null;
  // Linked as the chain they are, LibreOffice's embedded panes are corrected as a capture does.
  nodes.forEach((node, i) => node.children = i + 1 < nodes.length ? [nodes[i + 1]] : []);
  correctEmbeddedOrigins(nodes[0]);
  // As captureFrame names it: client-side-decorated GTK windows leave their frame unnamed.
  if (nodes[0].name === "") nodes[0].name = title;
  return pathRead(nodes, elementId);
}

/**
 * The frame's object and each one down the positional id, asked over the bus
 * as captures number children (the application's order; a long table's
 * visible cells), without libatspi: its cache stays as the live mirror left
 * it. Null when a step names no child now.
 */
export function targetsAlong(
  batch: AtspiBatch,
  frame: Accessible,
  elementId: string,
): Target[] | null {
  const path = childPath(elementId);
  const root = targetOf(frame);
  if (path === null || root === null) return null;
  const chain = [root];
  for (const position of path) {
    const parent = chain[chain.length - 1];
    const index = listedChildIndex(batch, parent, position);
    const [next] = index === null ? [null] : batch.ask([parent], childAt([index]));
    if (next === null) return null;
    chain.push(next);
  }
  return chain;
}
