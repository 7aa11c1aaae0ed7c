// What traces need of the session: where traces are kept and how large a file
// may be, and (for what a step observed) the scenario and its predicates.

import type { ScenarioContext } from "../scenario/context.ts";

export type TraceContext = ScenarioContext;
