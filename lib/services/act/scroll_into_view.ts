// Scrolling an element into view: the platform's own request first (AT-SPI
// Component.ScrollTo, UIA ScrollItemPattern), else the mouse wheel over its
// scrolling container, measured as it goes (toolkits scroll by different
// amounts a click).

import { center, type Element } from "../../model/tree.ts";
import type { ActContext } from "./context.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { type Blocker, wheelClicksToward } from "./actionability.ts";

/** What scrolling did, as the receipt's steps report it. */
export interface Scrolling {
  /** How the last step scrolled: the platform's request, or the mouse wheel. */
  method: "platform" | "wheel";
  note?: string;
  /** Steps taken. */
  attempts: number;
  /** Wheel clicks in all (positive up). */
  wheel_clicks: number;
  /** The last wheel step moved nothing: the container is at its end. */
  exhausted: boolean;
}

/** A first guess at what one wheel click moves (GTK moves pages^(2/3), ~50 px). */
const GUESS_PX_PER_CLICK = 50;

/**
 * Where the wheel goes: over the container's vertical scroll bar when it has
 * one (the content under the middle may be a spin button or a slider that
 * takes the wheel for itself), else the middle of its visible part.
 */
export function wheelPoint(blocker: Blocker): { x: number; y: number } {
  return center(blocker.bar?.bounds ?? blocker.viewport!);
}

/** Wheel clicks a step when the element's position is unknown (no bounds while scrolled away). */
const BLIND_CLICKS = 3;

/** Scrolls one element into view, one step a call, learning how far a wheel click goes. */
export class Scroller {
  private report: Scrolling | null = null;
  private lastClicks = 0;
  private fromY = 0;
  /** Whether the element had bounds at the last step. */
  private known = false;

  constructor(
    private readonly session: ActContext,
    private readonly window: ListedWindow,
  ) {}

  get scrolling(): Scrolling | null {
    return this.report;
  }

  /** One step towards bringing `element` into view (out of view behind `blocker`). */
  async step(element: Element, blocker: Blocker): Promise<Scrolling> {
    const y = center(element.bounds).y;
    const done = this.report;
    if (!done) {
      const outcome = await this.session.adapter.elementOperation(
        { handle: this.window.handle, elementId: element.id },
        { kind: "scroll_into_view" },
      );
      if (outcome.ok) {
        return this.record({ method: "platform", note: outcome.note, exhausted: false }, 0, y);
      }
    }
    const known = element.bounds.width > 0 && element.bounds.height > 0;
    let pxPerClick = GUESS_PX_PER_CLICK;
    if (done?.method === "wheel" && known && this.known) {
      const moved = Math.abs(y - this.fromY);
      if (moved === 0) return this.record({ ...done, exhausted: true }, 0, y);
      pxPerClick = moved / Math.abs(this.lastClicks);
    }
    this.known = known;
    const clicks = known
      ? wheelClicksToward(element.bounds, blocker.viewport!, pxPerClick)
      : blocker.after === false
      ? BLIND_CLICKS
      : -BLIND_CLICKS;
    const outcome = await this.session.adapter.input(
      { kind: "scroll", clicks, ...wheelPoint(blocker) },
      this.window.handle,
    );
    return this.record(
      { method: "wheel", ...(outcome.ok ? {} : { note: outcome.error }), exhausted: !outcome.ok },
      clicks,
      y,
    );
  }

  private record(
    step: Pick<Scrolling, "method" | "note" | "exhausted">,
    clicks: number,
    y: number,
  ): Scrolling {
    this.lastClicks = clicks;
    this.fromY = y;
    this.report = {
      method: step.method,
      ...(step.note ? { note: step.note } : {}),
      attempts: (this.report?.attempts ?? 0) + (step.exhausted && clicks === 0 ? 0 : 1),
      wheel_clicks: (this.report?.wheel_clicks ?? 0) + clicks,
      exhausted: step.exhausted,
    };
    return this.report;
  }
}
