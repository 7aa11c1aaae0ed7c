// The one in-process session shared by REST and MCP: the adapter, the config,
// the safety rails, the step counter, the tree cache, the active trace and the
// replays.

import type { Adapter, LoadedScenario } from "../../adapters/types.ts";
import type { Config } from "../formats/config/config.ts";
import type { Element } from "../model/tree.ts";
import { type CoordinateSpace, SCREEN_SPACE } from "../formats/geometry/coordinate_space.ts";
import { TokenStore } from "../services/observe/tree_tokens.ts";
import { TreeCache } from "../services/observe/tree_cache.ts";
import { ToolSequencer } from "./sequencer.ts";
import { GuardedAdapter } from "../services/safety/guarded_adapter.ts";
import { SafetyRails } from "../services/safety/rails.ts";
import { TraceRecorder } from "../services/trace/recorder.ts";
import { OcrEngine } from "../services/ocr/engine.ts";
import { ReplayDesk } from "./replay_desk.ts";

export interface SessionInfo {
  configPath: string;
  configError: string | null;
}

export class Session {
  readonly startedAt = Date.now();
  readonly cache: TreeCache;
  readonly tokens = new TokenStore();
  /** Open HTTP connections, once the HTTP transport runs (for /api/metrics). */
  httpConnections: () => number = () => 0;
  /** Runs state-changing tools one at a time in arrival order (lib/runtime/sequencer.ts). */
  readonly sequencer = new ToolSequencer();
  private stepCount = 0;
  /** The tree each window was last shown to a client as; stale element ids are checked against it. */
  private readonly served = new Map<string, Element>();
  private lastInputStep: number | null = null;

  /** The platform adapter behind the access rules and redaction (lib/services/safety/guarded_adapter.ts). */
  readonly adapter: Adapter;
  readonly safety: SafetyRails;
  /** The active run trace, if any (lib/services/trace/). */
  readonly trace: TraceRecorder;
  /** Replays in progress (lib/runtime/replay_desk.ts). */
  readonly replays = new ReplayDesk();
  /** The OCR engine; its workers start on first use (lib/services/ocr/). */
  readonly ocr: OcrEngine;
  /** The loaded scenario on a simulated desktop (its state and oracles), else null. */
  scenario: LoadedScenario | null = null;
  /** The space coordinates are in when a call names none (set_coordinate_space). */
  coordinateSpace: CoordinateSpace = SCREEN_SPACE;

  constructor(
    platform: Adapter,
    readonly config: Config,
    readonly info: SessionInfo,
  ) {
    this.cache = new TreeCache(config.tree.cache_ttl_s * 1000);
    this.safety = SafetyRails.fromConfig(config);
    this.ocr = new OcrEngine(config.ocr.workers, config.ocr.cache_pictures);
    const redactor = this.safety.redactor;
    this.trace = new TraceRecorder(config.tracing, config.mcp.version, (v) => redactor.scrub(v));
    this.adapter = new GuardedAdapter(platform, {
      access: this.safety.access,
      redactor: this.safety.redactor,
      imageBlur: config.safety.redaction.image_blur,
      tripwire: this.safety.tripwire,
    });
  }

  /** Takes the next step id; input tools become the cause of later reads. */
  nextStep(isInput: boolean): { stepId: number; causedBy: number | null } {
    const stepId = ++this.stepCount;
    if (isInput) this.lastInputStep = stepId;
    return { stepId, causedBy: this.lastInputStep };
  }

  recordServed(uid: string, tree: Element): void {
    this.served.delete(uid);
    this.served.set(uid, tree);
    if (this.served.size > 64) this.served.delete(this.served.keys().next().value!);
  }

  lastServed(uid: string): Element | null {
    return this.served.get(uid) ?? null;
  }

  get steps(): number {
    return this.stepCount;
  }

  get uptimeSeconds(): number {
    return Math.floor((Date.now() - this.startedAt) / 1000);
  }

  /** Whether captures are answered from a live mirror (tree.live_mirror, where the adapter has one). */
  get liveMirror(): boolean {
    return this.config.tree.live_mirror && this.adapter.mirrorsTrees;
  }
}
