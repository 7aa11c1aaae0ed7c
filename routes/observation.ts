// Observation routes (issue 5): observe, snapshots, waits, composites.

import type { Hono } from "hono";
import type { Session } from "../lib/session.ts";

export function observationRoutes(_app: Hono, _session: Session): void {}
