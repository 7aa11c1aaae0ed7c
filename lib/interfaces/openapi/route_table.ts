// The shapes of the routes' tables (routes/tables.ts: which route runs which
// tool), which the routes register from and pass to the document, and the
// document's tags.

import type { HttpMethod } from "./types.ts";

/** Where a route's tool arguments come from. */
export type ArgsFrom =
  | "query"
  | "body"
  /** The route ignores any body and runs the tool with no arguments. */
  | "none"
  /** One path segment, as one argument. */
  | { param: string; argument: string };

export interface ToolRoute {
  method: HttpMethod;
  /** OpenAPI path template (`{id}`, not Hono's `:id`). */
  path: string;
  tool: string;
  from: ArgsFrom;
  tag: string;
}

export const TAGS = [
  {
    name: "Service",
    description: "Health, metrics, the tool list, this reference, the inspector.",
  },
  { name: "Observe", description: "Windows, trees, sketches, prose and screenshots." },
  { name: "Act", description: "Clicks, typing, keys, scrolling, hovering and dragging." },
  { name: "Snapshots and waits", description: "Record and compare states; wait for a change." },
  { name: "Scenarios", description: "Scripted mock desktops and their oracles." },
  {
    name: "Traces and replay",
    description: "Record every call of a run, read it back, replay it against the desktop.",
  },
  {
    name: "Safety",
    description: "Budgets used, what redaction hides, and confirm tokens for risky actions.",
  },
  {
    name: "Tool console",
    description: "Every tool by name: POST with a JSON body; GET with a query string for " +
      "tools that neither change state nor wait.",
  },
] as const;

/** A v1 action of POST /api/action and the tool it runs. */
export interface ActionVerb {
  action: string;
  tool: string;
  /**
   * Body field → tool argument: only these fields pass, renamed. Without it
   * the whole body (less `action`) is the tool's arguments.
   */
  rename?: Record<string, string>;
}

/** What the routes pass in (lib/ never imports routes/). */
export interface RouteTables {
  tools: readonly ToolRoute[];
  actions: readonly ActionVerb[];
  hover: { atPoint: string; onElement: string };
}
