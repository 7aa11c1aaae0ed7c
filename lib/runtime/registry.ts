// A tool is a name, a zod input schema, a description written for an LLM,
// MCP annotations and a handler. REST routes and the MCP server both call
// tools only through `dispatch` (./dispatch.ts).

import type { z } from "zod";
import type { Session } from "./session.ts";
import type { Caller, ToolResult } from "../model/tool_call.ts";

export type { Caller, ToolResult };

/**
 * input: changes (or may change) UI state — consumes the "last input step",
 * invalidates the tree cache. perception: reads screen content — marked
 * untrusted. other: everything else.
 */
export type ToolKind = "input" | "perception" | "other";

export interface ToolContext {
  session: Session;
  /** Every tool by name: composite tools call others through it, never through the list itself. */
  tools: ReadonlyMap<string, Tool>;
  caller: Caller;
  stepId: number;
  causedBy: number | null;
  /** Aborted when the caller has gone (an HTTP client closed its connection): long tools stop. */
  signal?: AbortSignal;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

export interface Tool<S extends z.ZodType = z.ZodType, O extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  kind: ToolKind;
  input: S;
  /**
   * The tool's own result fields (the envelope's ok, step_id, ... are added by
   * ./result_schema.ts): MCP's outputSchema, the OpenAPI answer, docs/API.md.
   */
  output: O;
  annotations: ToolAnnotations;
  /** Holds the request open while it polls (the waits): not offered over GET. */
  waits?: true;
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

/**
 * A GET never changes state and never holds a connection open: tools that
 * store anything (snapshots, scenarios) or act, and the waits, need a POST.
 */
export function allowedOverGet(tool: Tool): boolean {
  return tool.annotations.readOnlyHint && !tool.waits;
}

/** Keeps the schema's type attached to the handler's `args`. */
export function defineTool<S extends z.ZodType, O extends z.ZodObject>(tool: Tool<S, O>): Tool {
  return tool as unknown as Tool;
}

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
};

/** Input that acts on the desktop; repeating it repeats the effect. */
export const ACTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
};

/** Stores something in the service (a snapshot, a trace, a replay); the desktop is untouched. */
export const STORES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
};
