// The scenario file's shape as zod schemas. Objects are strict so a misspelt
// key is reported where it is instead of being ignored. Cross-references (state
// names, node ids, regexes) are checked afterwards by
// lib/formats/scenario/references.ts.

import { z } from "zod";

export const REACTION_TOOLS = [
  "click_element",
  "type_text",
  "press_key",
  "scroll",
  "hover",
  "drag",
] as const;

export const PREDICATE_KINDS = [
  "element_exists",
  "element_absent",
  "value_equals",
  "value_matches",
  "text_visible",
  "window_focused",
  "window_exists",
  "tree_hash_equals",
  "screenshot_similar",
] as const;

const int = z.number().int();

export const boundsSchema = z.object({
  x: int,
  y: int,
  width: int.min(0),
  height: int.min(0),
}).strict();

/** Node values are strings; other scalars are written as text. */
const scalarText = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: "expected a string, number, boolean or null",
}).transform((v) => (v === null || typeof v === "string" ? v : String(v)));

export interface ScenarioNode {
  role: string;
  name: string;
  value: string | null;
  id?: string;
  bounds?: z.output<typeof boundsSchema>;
  enabled: boolean;
  secret: boolean;
  selected?: boolean;
  children: ScenarioNode[];
}

export const nodeSchema: z.ZodType<ScenarioNode, unknown> = z.lazy(() =>
  z.object({
    role: z.string().default("Unknown"),
    name: z.string().default(""),
    value: scalarText.default(null),
    id: z.string().min(1).optional(),
    bounds: boundsSchema.optional(),
    enabled: z.boolean().default(true),
    secret: z.boolean().default(false),
    selected: z.boolean().optional(),
    children: z.array(nodeSchema).default([]),
  }).strict()
);

const windowSchema = z.object({
  // Absent: derived from the state name; null or "": mock:{i}:{nonce}.
  uid: z.string().nullable().optional(),
  title: z.string().default(""),
  process: z.string().default(""),
  pid: int.min(0).default(0),
  bounds: boundsSchema.default({ x: 0, y: 0, width: 800, height: 600 }),
  tree: nodeSchema.optional(),
}).strict();

const stateSchema = z.object({
  windows: z.array(windowSchema).default([]),
}).strict();

const triggerSchema = z.object({
  tool: z.enum(REACTION_TOOLS),
  target_id: z.string().min(1).optional(),
  target_name: z.string().optional(),
  text_regex: z.string().optional(),
}).strict();

const conditionSchema = z.object({
  id: z.string().min(1),
  value: scalarText.optional(),
  value_not_empty: z.boolean().optional(),
  value_regex: z.string().optional(),
  selected: z.boolean().optional(),
}).strict();

const setSchema = z.object({
  id: z.string().min(1),
  value: scalarText.optional(),
  selected: z.boolean().optional(),
}).strict().refine((s) => s.value !== undefined || s.selected !== undefined, {
  error: "a set entry needs a value or selected",
});

const reactionSchema = z.object({
  on: triggerSchema,
  in_state: z.union([z.string(), z.array(z.string()).min(1)]).optional()
    .transform((s) => (s === undefined ? undefined : typeof s === "string" ? [s] : s)),
  when: z.array(conditionSchema).default([]),
  set: z.array(setSchema).default([]),
  transition_to: z.string().optional(),
}).strict();

const predicateSchema = z.looseObject({ kind: z.enum(PREDICATE_KINDS) });

export const scenarioSchema = z.object({
  name: z.string().default("scenario"),
  initial_state: z.string().optional(),
  states: z.record(z.string(), stateSchema.nullable().transform((s) => s ?? { windows: [] })),
  reactions: z.array(reactionSchema).default([]),
  oracles: z.object({
    success: z.array(predicateSchema).default([]),
    failure: z.array(predicateSchema).default([]),
  }).strict().default({ success: [], failure: [] }),
}).strict();

export type ScenarioFile = z.output<typeof scenarioSchema>;
export type ScenarioWindow = ScenarioFile["states"][string]["windows"][number];
export type Reaction = ScenarioFile["reactions"][number];
export type Condition = Reaction["when"][number];
export type SetEntry = Reaction["set"][number];
export type ReactionTool = typeof REACTION_TOOLS[number];
export type PredicateKind = typeof PREDICATE_KINDS[number];
export type Predicate = z.output<typeof predicateSchema>;

/** A loaded, validated scenario. */
export interface Scenario extends ScenarioFile {
  initial_state: string;
  /** Where it was loaded from (error messages, load results). */
  file: string;
}
