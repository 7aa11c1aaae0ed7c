// The two facts about a tool call every layer may name: who made it and the
// shape of its answer.

/** Who called a tool ("osworld": a route of the OSWorld in-VM server protocol). */
export type Caller = "rest" | "mcp" | "inspector" | "replay" | "osworld";

/** A tool's JSON result. */
export type ToolResult = Record<string, unknown>;
