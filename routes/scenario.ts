// Scenario routes (issue 6): load a scenario, assert its state.

import type { Hono } from "hono";
import type { Session } from "../lib/session.ts";

export function scenarioRoutes(_app: Hono, _session: Session): void {}
