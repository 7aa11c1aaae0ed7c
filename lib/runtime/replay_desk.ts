// The replays a service holds: each a loaded trace, a position, the policy
// for divergences and what every step did. Ids are `rep:` and a counter that
// never repeats.

import { ToolError } from "../model/errors.ts";
import type { StoredTrace } from "../services/trace/store.ts";
import type { Difference } from "./replay_compare.ts";

export type ReplayMode = "execute" | "verify";
export type DivergencePolicy = "stop" | "warn" | "resume";

/** One row of a replay's comparison table. */
export interface StepReport {
  trace_seq: number;
  /** The recorded call's step id. */
  step_id: number;
  tool: string;
  /** The step id the re-issued call got. */
  replayed_step_id: number | null;
  /** same: as recorded; diverged: see differences; executed: run (execute mode, same outcome). */
  outcome: "same" | "diverged" | "executed";
  differences: Difference[];
  /** How the call was re-aimed or re-synchronised, in words. */
  notes: string[];
  actual_summary: Record<string, unknown>;
}

export interface Divergence {
  step_id: number;
  trace_seq: number;
  tool: string;
  differences: Difference[];
}

export class Replay {
  position = 0;
  finished = false;
  readonly divergences: Divergence[] = [];
  readonly steps: StepReport[] = [];
  /** Recorded window uid → the window uid standing in for it now. */
  readonly matched = new Map<string, string>();

  constructor(
    readonly id: string,
    readonly trace: StoredTrace,
    readonly mode: ReplayMode,
    readonly policy: DivergencePolicy,
    readonly windowTimeoutMs: number,
  ) {
    if (trace.rows.length === 0) this.finished = true;
  }

  get total(): number {
    return this.trace.rows.length;
  }
}

/** Replays kept at once; starting another forgets the oldest. */
const MAX_REPLAYS = 16;

export class ReplayDesk {
  private readonly replays = new Map<string, Replay>();
  private counter = 0;

  open(
    trace: StoredTrace,
    mode: ReplayMode,
    policy: DivergencePolicy,
    windowTimeoutMs: number,
  ): Replay {
    const replay = new Replay(`rep:${++this.counter}`, trace, mode, policy, windowTimeoutMs);
    this.replays.set(replay.id, replay);
    if (this.replays.size > MAX_REPLAYS) this.replays.delete(this.replays.keys().next().value!);
    return replay;
  }

  get(id: string): Replay {
    const replay = this.replays.get(id);
    if (!replay) {
      throw new ToolError("BadRequest", "unknown replay_id", {
        replay_id: id,
        live: [...this.replays.keys()],
      });
    }
    return replay;
  }

  close(id: string): void {
    this.get(id);
    this.replays.delete(id);
  }

  get size(): number {
    return this.replays.size;
  }
}
