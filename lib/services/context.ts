// What the services need of the running session, declared here, below the
// runtime that builds it (lib/runtime/session.ts implements it). A service
// function takes this port, never the runtime's Session class, so nothing
// below the runtime imports the runtime.

import type { Adapter, LoadedScenario } from "../../adapters/types.ts";
import type { Config } from "../formats/config/config.ts";
import type { Element } from "../model/tree.ts";
import type { TokenStore } from "./observe/tree_tokens.ts";
import type { TreeCache } from "./observe/tree_cache.ts";
import type { SafetyRails } from "./safety/rails.ts";
import type { TraceRecorder } from "./trace/recorder.ts";
import type { OcrEngine } from "./ocr/engine.ts";

/** Who called a tool. */
export type Caller = "rest" | "mcp" | "inspector" | "replay";

/** A tool's JSON result. */
export type ToolResult = Record<string, unknown>;

export interface ServiceContext {
  /** The platform behind the access rules and redaction (the guarded adapter). */
  readonly adapter: Adapter;
  readonly config: Config;
  readonly cache: TreeCache;
  readonly tokens: TokenStore;
  readonly safety: SafetyRails;
  readonly trace: TraceRecorder;
  readonly ocr: OcrEngine;
  /** The loaded scenario on a simulated desktop, else null. */
  scenario: LoadedScenario | null;
  /** Whether captures are answered from a live mirror. */
  readonly liveMirror: boolean;
  /** The tree a window was last shown to a client as (stale element ids are checked against it). */
  lastServed(uid: string): Element | null;
  recordServed(uid: string, tree: Element): void;
}
