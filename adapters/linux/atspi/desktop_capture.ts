// The whole accessible desktop as one tree: the AT-SPI desktop, its
// applications, each application's top-level windows (popups its toolkit
// lists as windows of their own included) and everything below,
// bounded by the same limits as a window capture. Depth counts from the
// desktop (level 0); applications are level 1, their windows level 2.

import { type Capture, type CaptureLimits, captureMsSince } from "../../types.ts";
import { assignIds } from "../../../lib/model/tree.ts";
import { type AtspiBatch, targetOf } from "./batch.ts";
import { walkFrom } from "./capture.ts";
import { correctEmbeddedOrigins } from "./embedded_origin.ts";
import type { Accessible, AtspiConnection } from "./connection.ts";
import { type FrameFinder, SCREEN_COORDINATES } from "./frames.ts";
import type { WindowFacts } from "./host_protocol.ts";

const APPLICATION_DEPTH = 1;

/**
 * Asks every application at once whether it answers, so one that is stopped
 * or hung costs a single call timeout, not one per read: the walk then keeps
 * its node without walking into it.
 */
function askApplications(session: AtspiConnection, batch: AtspiBatch): void {
  const apps = session.children(session.desktop);
  try {
    batch.answers(apps.map(targetOf));
  } finally {
    for (const app of apps) session.unref(app);
  }
}

/**
 * `application` (a name, any case) keeps one application; null keeps all.
 * Null when no accessible application has that name.
 */
export function captureDesktop(
  session: AtspiConnection,
  batch: AtspiBatch,
  frames: FrameFinder,
  windows: WindowFacts[],
  application: string | null,
  limits: CaptureLimits,
): Capture | null {
  const started = performance.now();
  const desktop = session.desktop;
  const wanted = application?.toLowerCase() ?? null;
  let found = wanted === null;
  askApplications(session, batch);
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
