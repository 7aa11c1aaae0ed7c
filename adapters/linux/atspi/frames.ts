// Finds the AT-SPI frame of an X window: the accessible application with the
// window's PID (_NET_WM_PID), then among its top-level accessibles the one
// whose geometry (and name) best matches the window. Titles alone do not do:
// client-side-decorated GTK windows leave their frame unnamed.

import type { Bounds } from "../../../lib/model/tree.ts";
import type { Accessible, AtspiConnection } from "./connection.ts";
import {
  type FrameQuirks,
  HIDDEN_COORDINATE,
  INT32_MAX,
  relativeOrigin,
  WHOLE_TEXT,
} from "./frame_quirks.ts";
import type { ListedFrame, WindowFacts } from "./host_protocol.ts";
import { COORD_SCREEN, STATE_NAMES } from "../ffi/atspi.ts";
import {
  Asked,
  type AtspiBatch,
  extents,
  STATE,
  type Target,
  targetOf,
  TOOLKIT_PARTS,
} from "./batch.ts";
import { AppNotRespondingError } from "../../types.ts";
import { hasState } from "./states.ts";

const ACTIVE = STATE_NAMES.indexOf("active");

export interface WindowFrame {
  /** An owned reference: release with `session.unref`. */
  frame: Accessible;
  quirks: FrameQuirks;
  title: string;
}

interface AppFacts {
  pid: number;
  gtk4: boolean;
}

function distance(a: Bounds, b: Bounds): number {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.width - b.width) +
    Math.abs(a.height - b.height);
}

/** GTK3's (and most toolkits') answers: screen coordinates, SHOWING kept current. */
export const SCREEN_COORDINATES: FrameQuirks = {
  reportsShowing: true,
  offset: null,
  textEnd: WHOLE_TEXT,
};

/** Windows whose frames are remembered (recall); past this many the memory starts over. */
const REMEMBERED_WINDOWS = 64;

/** A window's frame as a whole walk found it: where, how it answers, and the box the walk read. */
interface Remembered {
  /** The window's facts then, as JSON: a window moved, resized or renamed is looked for again. */
  facts: string;
  target: Target;
  quirks: FrameQuirks;
  rootBounds: Bounds;
}

/** A name equal to the title outweighs any geometric difference. */
const TITLE_MATCH_BONUS = 100_000;

/** A window's application did not answer in time (a walk or a mirror's check for life). */
export function notResponding({ pid, title }: Pick<WindowFacts, "pid" | "title">): Error {
  return new AppNotRespondingError(
    `the application of window '${title}' (process ${pid}) did not answer the ` +
      "accessibility bus in time: it may be busy, hung or stopped",
  );
}

export class FrameFinder {
  /** Per application: its PID and toolkit never change, and each costs a round trip. */
  private readonly apps = new Map<string, AppFacts>();
  /** Per X window: its frame as the last whole walk found it (see recall). */
  private readonly remembered = new Map<string, Remembered>();

  constructor(private readonly session: AtspiConnection, private readonly batch: AtspiBatch) {}

  private facts(app: Accessible): AppFacts {
    const key = this.session.busName(app);
    let facts = this.apps.get(key);
    if (facts === undefined) {
      this.session.cacheApplication(app);
      // Both in one round over the host's connection.
      const asked = TOOLKIT_PARTS.map((part) => new Asked([targetOf(app)], part));
      this.batch.run(...asked);
      const [name, version] = asked.map((part) => part.results[0] ?? "");
      const toolkit = name.toLowerCase();
      if (toolkit === "qt") this.batch.askPropertiesOneByOne(key);
      facts = {
        pid: this.session.processId(app),
        gtk4: toolkit === "gtk" && Number.parseInt(version) >= 4,
      };
      this.apps.set(key, facts);
    }
    return facts;
  }

  /**
   * How a top-level accessible of a desktop walk answers. A GTK4 window's
   * coordinates are relative to it, so it is matched to one of `windows` (its
   * application's, by geometry and title) for its screen position; without a
   * match its coordinates stay as reported.
   */
  quirksOf(topLevel: Accessible, windows: WindowFacts[]): FrameQuirks {
    const facts = this.apps.get(this.session.busName(topLevel));
    if (facts === undefined) return SCREEN_COORDINATES;
    const own = windows.filter((w) => w.pid === facts.pid);
    if (!facts.gtk4 && !own.some((w) => w.relative)) return SCREEN_COORDINATES;
    let best: { score: number; quirks: FrameQuirks } | null = null;
    const reported = this.session.extents(topLevel);
    for (const window of own) {
      const candidate = this.score(topLevel, reported, facts, window);
      if (candidate !== null && (best === null || candidate.score < best.score)) best = candidate;
    }
    return best?.quirks ?? { reportsShowing: false, offset: null, textEnd: INT32_MAX };
  }

  /** Reads (once per application) the facts quirksOf needs for `app`'s windows. */
  learn(app: Accessible): void {
    this.facts(app);
  }

  /** Every application's top-level frames with their name, reported box and ACTIVE state. */
  listFrames(apps: readonly Target[]): ListedFrame[] {
    const listed: ListedFrame[] = [];
    for (const root of apps) {
      const app = this.session.accessibleAt(root.bus, root.path);
      if (app === null) continue;
      try {
        const { pid } = this.facts(app);
        for (const frame of this.session.children(app)) {
          try {
            const bounds = this.session.extents(frame);
            if (bounds === null || bounds.width <= 1 || bounds.height <= 1) continue;
            const states = this.session.states(frame);
            const target = targetOf(frame);
            if (target === null) continue;
            listed.push({
              key: `${target.bus}${target.path}`,
              pid,
              // A client-side decorated GTK window leaves its frame unnamed: its application's name.
              title: this.session.name(frame) || this.session.name(app),
              bounds,
              active: hasState(states, ACTIVE),
            });
          } finally {
            this.session.unref(frame);
          }
        }
      } catch {
        // an application that went away meanwhile lists nothing
      } finally {
        this.session.unref(app);
      }
    }
    return listed;
  }

  /**
   * The frame a whole walk of this window found last (`rootBounds`: the box
   * that walk read for it), while the window is where and what it was then;
   * null otherwise. Spares find's round trip to the application: the caller
   * walks the frame and checks that it answers and is where it was.
   */
  recall(window: WindowFacts): (WindowFrame & { target: Target; rootBounds: Bounds }) | null {
    const held = this.remembered.get(window.window);
    if (held === undefined || held.facts !== JSON.stringify(window)) return null;
    const frame = this.session.accessibleAt(held.target.bus, held.target.path);
    if (frame === null) return null;
    const { target, quirks, rootBounds } = held;
    return { frame, quirks, title: window.title, target, rootBounds };
  }

  /** Remembers the frame a whole walk of `window` found (see recall). */
  remember(window: WindowFacts, frame: Accessible, quirks: FrameQuirks, rootBounds: Bounds): void {
    const target = targetOf(frame);
    if (target === null) return;
    if (this.remembered.size >= REMEMBERED_WINDOWS) this.remembered.clear();
    this.remembered.set(window.window, {
      facts: JSON.stringify(window),
      target,
      quirks,
      rootBounds,
    });
  }

  forget(window: WindowFacts): void {
    this.remembered.delete(window.window);
  }

  /**
   * The applications among `apps` (their roots) of a process, as owned
   * references; an application already met is known by its bus name alone.
   */
  private applicationsOf(
    pid: number,
    apps: readonly Target[],
  ): Array<{ app: Accessible; facts: AppFacts }> {
    const found: Array<{ app: Accessible; facts: AppFacts }> = [];
    for (const root of apps) {
      const known = this.apps.get(root.bus);
      if (known !== undefined && known.pid !== pid) continue;
      const app = this.session.accessibleAt(root.bus, root.path);
      if (app === null) continue;
      const facts = this.facts(app);
      if (facts.pid === pid) found.push({ app, facts });
      else this.session.unref(app);
    }
    return found;
  }

  /**
   * The frame of the window among `apps` (the applications' roots), or null
   * when its application is not accessible; AppNotRespondingError when the
   * application is there but does not answer. The frames' extents and a
   * call that shows each application answers are asked in one round.
   */
  find(window: WindowFacts, apps: readonly Target[]): WindowFrame | null {
    const { pid, title } = window;
    let best: { score: number; frame: Accessible; quirks: FrameQuirks } | null = null;
    const own = this.applicationsOf(pid, apps);
    const frames = own.map(({ app }) => {
      try {
        return this.session.children(app);
      } catch {
        return []; // the application went away while we looked: it has no frame for us
      }
    });
    const alive = new Asked(own.map(({ app }) => targetOf(app)), STATE);
    const boxes = new Asked(frames.flat().map(targetOf), extents(COORD_SCREEN));
    this.batch.run(alive, boxes);
    let answered = true;
    let k = 0;
    for (const [n, { app, facts }] of own.entries()) {
      const answers = !this.batch.isSilent(alive.targets[n]);
      answered &&= answers;
      for (const frame of frames[n]) {
        const candidate = answers ? this.scoreOf(frame, boxes.results[k], facts, window) : null;
        k++;
        if (candidate !== null && (best === null || candidate.score < best.score)) {
          if (best !== null) this.session.unref(best.frame);
          best = { ...candidate, frame };
        } else {
          this.session.unref(frame);
        }
      }
      this.session.unref(app);
    }
    if (best === null && !answered) throw notResponding({ pid, title });
    return best === null ? null : { frame: best.frame, quirks: best.quirks, title };
  }

  /** score, or null when the application went away meanwhile. */
  private scoreOf(
    frame: Accessible,
    reported: Bounds | null,
    facts: AppFacts,
    window: WindowFacts,
  ): { score: number; quirks: FrameQuirks } | null {
    try {
      return this.score(frame, reported, facts, window);
    } catch {
      return null;
    }
  }

  /**
   * How well `frame`, at the extents it `reported`, matches the window (less
   * is better); null without extents.
   */
  private score(
    frame: Accessible,
    reported: Bounds | null,
    facts: AppFacts,
    window: WindowFacts,
  ): { score: number; quirks: FrameQuirks } | null {
    const { client, outer, title, relative } = window;
    if (reported === null) return null;
    const quirks: FrameQuirks = facts.gtk4 || relative
      ? {
        reportsShowing: !facts.gtk4,
        offset: relative
          ? this.waylandOrigin(frame, window, reported)
          : relativeOrigin(client, reported),
        textEnd: facts.gtk4 ? INT32_MAX : WHOLE_TEXT,
      }
      : SCREEN_COORDINATES;
    const placed = quirks.offset === null
      ? reported
      : { ...reported, x: reported.x + quirks.offset.x, y: reported.y + quirks.offset.y };
    let score = Math.min(distance(placed, outer), distance(placed, client));
    if (this.session.name(frame) === title) score -= TITLE_MATCH_BONUS;
    return { score, quirks };
  }

  /**
   * Where a Wayland window's origin is on the screen: the compositor's content
   * rectangle, which is the window's geometry. A floating client-side
   * decorated window's frame is the whole surface, shadow included (the
   * margins are uneven and the compositor does not say them); its widgets
   * start where the shadow ends, so the margin is the least offset of the
   * frame's shown children. Tiled windows draw no shadow.
   */
  private waylandOrigin(frame: Accessible, window: WindowFacts, extents: Bounds) {
    const { client } = window;
    const origin = { x: client.x, y: client.y };
    if (!window.floating || extents.width <= client.width) return origin;
    let left = Infinity;
    let top = Infinity;
    const count = Math.min(this.session.childCount(frame), 16);
    for (let i = 0; i < count; i++) {
      const child = this.session.child(frame, i);
      if (child === null) continue;
      try {
        const inner = this.session.extents(child);
        // Not shown: no size, or libatspi's sentinel for widgets off screen (popups).
        if (inner === null || inner.width <= 1 || inner.height <= 1) continue;
        if (inner.x === HIDDEN_COORDINATE || inner.y === HIDDEN_COORDINATE) continue;
        left = Math.min(left, inner.x - extents.x);
        top = Math.min(top, inner.y - extents.y);
      } finally {
        this.session.unref(child);
      }
    }
    if (!Number.isFinite(left) || left < 0 || top < 0) return origin;
    return { x: client.x - left, y: client.y - top };
  }
}
