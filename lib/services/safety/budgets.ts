// Session budgets: every gated call is refused before it runs once a limit is
// reached. A call holds a reservation while it runs, so concurrent calls
// cannot overrun a limit; only successful calls are spent, and every admitted
// input call counts toward the per-minute rate.

import { ToolError } from "../../model/errors.ts";
import type { SafetyConfig } from "../../formats/config/safety.ts";

export type Meter = "actions" | "screenshots" | "vlm_tokens";
export type Limits = SafetyConfig["budgets"];

const MINUTE_MS = 60_000;

export interface Reservation {
  meter: Meter;
}

export class BudgetLedger {
  private readonly used: Record<Meter, number> = { actions: 0, screenshots: 0, vlm_tokens: 0 };
  private readonly inFlight: Record<Meter, number> = { actions: 0, screenshots: 0, vlm_tokens: 0 };
  private recentActions: number[] = [];
  private readonly startedAt: number;

  constructor(readonly limits: Limits, private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  get configured(): boolean {
    return Object.values(this.limits).some((v) => v !== null);
  }

  /** Admits a gated call or throws BudgetExceeded / RateLimited; nothing is spent yet. */
  admit(meter: Meter): Reservation {
    const elapsed = this.elapsedSeconds();
    const session = this.limits.max_session_seconds;
    if (session !== null && elapsed >= session) {
      throw new ToolError("BudgetExceeded", "max_session_seconds reached", {
        budget: "max_session_seconds",
        elapsed,
        limit: session,
      });
    }
    const limit = this.limitOf(meter);
    const committed = this.used[meter] + this.inFlight[meter];
    if (limit !== null && committed >= limit) {
      throw new ToolError("BudgetExceeded", `${limitName(meter)} reached`, {
        budget: limitName(meter),
        used: this.used[meter],
        in_flight: this.inFlight[meter],
        limit,
      });
    }
    if (meter === "actions") this.admitRate();
    this.inFlight[meter]++;
    return { meter };
  }

  /** Ends a reservation; `spent` units are charged (0 when the call failed or was a dry run). */
  settle(reservation: Reservation, spent: number): void {
    this.inFlight[reservation.meter]--;
    this.used[reservation.meter] += spent;
  }

  status(): Record<string, unknown> {
    this.dropOldActions();
    const meter = (m: Meter) => entry(this.used[m], this.limitOf(m));
    const elapsed = this.elapsedSeconds();
    return {
      configured: this.configured,
      actions: meter("actions"),
      screenshots: meter("screenshots"),
      vlm_tokens: meter("vlm_tokens"),
      session_seconds: {
        elapsed,
        limit: this.limits.max_session_seconds,
        remaining: remaining(elapsed, this.limits.max_session_seconds),
      },
      actions_per_minute: {
        in_window: this.recentActions.length,
        limit: this.limits.actions_per_minute,
        remaining: remaining(this.recentActions.length, this.limits.actions_per_minute),
      },
    };
  }

  usedOf(meter: Meter): number {
    return this.used[meter];
  }

  private admitRate(): void {
    const limit = this.limits.actions_per_minute;
    this.dropOldActions();
    if (limit !== null && this.recentActions.length >= limit) {
      const retryMs = this.recentActions[0] + MINUTE_MS - this.now();
      throw new ToolError("RateLimited", "actions_per_minute exceeded", {
        window: this.recentActions.length,
        limit,
        retry_after_ms: Math.max(0, retryMs),
      });
    }
    this.recentActions.push(this.now());
  }

  private dropOldActions(): void {
    const since = this.now() - MINUTE_MS;
    while (this.recentActions.length > 0 && this.recentActions[0] <= since) {
      this.recentActions.shift();
    }
  }

  private limitOf(meter: Meter): number | null {
    return meter === "actions"
      ? this.limits.max_actions
      : meter === "screenshots"
      ? this.limits.max_screenshots
      : this.limits.max_vlm_tokens;
  }

  private elapsedSeconds(): number {
    return Math.floor((this.now() - this.startedAt) / 1000);
  }
}

function limitName(meter: Meter): string {
  return `max_${meter}`;
}

function remaining(used: number, limit: number | null): number | null {
  return limit === null ? null : Math.max(0, limit - used);
}

function entry(used: number, limit: number | null) {
  return { used, limit, remaining: remaining(used, limit) };
}
