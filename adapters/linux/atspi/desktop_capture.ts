// The whole accessible desktop as one tree: the AT-SPI desktop, its
// applications, each application's top-level windows (popups its toolkit
// lists as windows of their own included) and everything below,
// bounded by the same limits as a window capture. Depth counts from the
// desktop (level 0); applications are level 1, their windows level 2.

import { type Capture, type CaptureLimits, captureMsSince } from "../../types.ts";
import { assignIds } from "../../../lib/model/tree.ts";
import { type AtspiBatch, type Target, targetOf } from "./batch.ts";
import { walkFrom } from "./capture.ts";
import { correctEmbeddedOrigins } from "./embedded_origin.ts";
import type { Accessible, AtspiConnection } from "./connection.ts";
import { type FrameFinder, SCREEN_COORDINATES } from "./frames.ts";
import type { WindowFacts } from "./host_protocol.ts";

const APPLICATION_DEPTH = 1;

/**
 * `application` (a name, any case) keeps one application; null keeps all.
 * Null when no accessible application has that name. `apps`, the
 * applications' roots, are asked at once whether they answer, so one that is
 * stopped or hung costs a single call timeout, not one per read: the walk
 * then keeps its node without walking into it.
 */
export function captureDesktop(
  session: AtspiConnection,
  batch: AtspiBatch,
  frames: FrameFinder,
  apps: readonly Target[],
  windows: WindowFacts[],
  application: string | null,
  limits: CaptureLimits,
): Capture | null {
  const started = performance.now();
  const desktop = session.desktop;
  const wanted = application?.toLowerCase() ?? null;
  let found = wanted === null;
  batch.answers(apps);
  const include = (child: Accessible, depth: number) => {
    if (depth !== APPLICATION_DEPTH) return true;
    const keep = wanted === null || session.name(child).trim().toLowerCase() === wanted;
    if (keep && !batch.isSilent(targetOf(child))) frames.learn(child);
    found ||= keep;
    return keep;
  };
  const { root, nodeCount, cutShort } = walkFrom(
    session,
    batch,
    {
      accessible: desktop,
      depth: 0,
      quirks: SCREEN_COORDINATES,
      topLevels: {
        depth: APPLICATION_DEPTH + 1,
        quirksOf: (topLevel) => frames.quirksOf(topLevel, windows),
      },
      include,
    },
    limits,
  );
  if (!found) return null;
  root.role = "Desktop";
  correctEmbeddedOrigins(root);
  return {
    root: assignIds(root),
    nodeCount,
    captureMs: captureMsSince(started),
    cutShort,
  };
}
