// The mock adapter: a synthetic desktop that needs no OS access, or a loaded
// scenario's world.

import {
  type ActionOutcome,
  type Adapter,
  type Capture,
  type CaptureLimits,
  captureMsSince,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type ScreenshotTarget,
  type TreeSourceInfo,
  WindowGoneError,
} from "../types.ts";
import { type CursorImage, type RawImage } from "../../lib/model/image.ts";
import {
  assignIds,
  type Bounds,
  copyTree,
  type Element,
  type Monitor,
  nodesToId,
  pathRead,
  type WindowInfo,
} from "../../lib/model/tree.ts";
import { desktopTree } from "../../lib/formats/geometry/desktop_tree.ts";
import type { ScenarioEngine } from "./scenario/engine.ts";
import type { Scenario } from "../../lib/model/scenario.ts";
import { DefaultWorld } from "./default_world.ts";
import { MOCK_SCREEN } from "./desktop.ts";
import { ScenarioWorld } from "./scenario_world.ts";
import type { RenderJob } from "./render_worker.ts";
import { OffThread } from "../../lib/support/off_thread.ts";
import { MOCK_NOTE, type MockWorld } from "./world.ts";
import { HeldInput } from "./held_input.ts";
import { pointerAfter } from "./scenario/events.ts";
import { mockCursor } from "./cursor.ts";
import { randomHex } from "../../lib/model/hex.ts";
import { LruCache } from "../../lib/support/lru_cache.ts";

export { MOCK_NOTE } from "./world.ts";

const KEPT_CAPTURES = 16;

export class MockAdapter implements Adapter {
  readonly name = "MockAdapter" as const;
  readonly isMock = true;
  readonly mirrorsTrees = false;

  treeSource(): TreeSourceInfo {
    return { name: "mock", note: null };
  }
  readonly nonce = randomHex(4);
  private readonly desktop: DefaultWorld;
  private scenarioWorld: ScenarioWorld | null = null;
  /** Scenarios loaded so far: each is a world of its own, whose revisions start again. */
  private worldsLoaded = 0;
  private readonly held = new HeldInput();
  private pointerAt: { x: number; y: number } | null = null;
  /** The latest capture of each window and set of limits, with the world it was taken of. */
  private readonly captures = new LruCache<
    string,
    { world: MockWorld; revision: number; capture: Capture }
  >(KEPT_CAPTURES);
  private readonly renderer = new OffThread<RenderJob>(
    new URL("./render_worker.ts", import.meta.url),
    "mock screenshot",
  );

  constructor(options: { interactive?: boolean } = {}) {
    this.desktop = new DefaultWorld(this.nonce, options.interactive ?? false);
  }

  /** Replaces the desktop with a scenario (and any earlier scenario's state). */
  loadScenario(scenario: Scenario): ScenarioEngine {
    this.worldsLoaded++;
    this.scenarioWorld = new ScenarioWorld(scenario, this.nonce);
    return this.scenarioWorld.engine;
  }

  get scenario(): ScenarioEngine | null {
    return this.scenarioWorld?.engine ?? null;
  }

  private get world(): MockWorld {
    return this.scenarioWorld ?? this.desktop;
  }

  listWindows(): Promise<WindowInfo[]> {
    return Promise.resolve(this.world.listWindows());
  }

  captureTree(handle: string | null, limits: CaptureLimits): Promise<Capture | null> {
    const started = performance.now();
    // An unchanged world gives the same capture, as a real adapter's mirror answers an
    // unchanged window: one tree object, which every later stage keeps its work for.
    const key = `${handle}\u0000${JSON.stringify(limits)}`;
    const world = this.world;
    const kept = this.captures.get(key);
    if (kept?.world === world && kept.revision === world.revision) {
      return Promise.resolve({ ...kept.capture, captureMs: captureMsSince(started) });
    }
    const tree = world.tree(handle);
    if (!tree) return Promise.resolve(null);
    const { tree: root, nodeCount, cutShort } = copyTree(tree, { ...limits, markCut: true });
    const capture = { root, nodeCount, cutShort, captureMs: captureMsSince(started) };
    this.captures.set(key, { world, revision: world.revision, capture });
    return Promise.resolve(capture);
  }

  captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null> {
    const started = performance.now();
    const windows = this.world.listWindows().flatMap((window) => {
      const tree = this.world.tree(window.handle);
      return tree ? [{ window, tree }] : [];
    });
    const desktop = desktopTree(MOCK_SCREEN, windows, application);
    if (desktop === null) return Promise.resolve(null);
    const { tree: root, nodeCount, cutShort } = copyTree(desktop, { ...limits, markCut: true });
    return Promise.resolve({
      root: assignIds(root),
      nodeCount,
      cutShort,
      captureMs: Math.round(performance.now() - started),
    });
  }

  screenshot(target: ScreenshotTarget): Promise<RawImage | null> {
    if (target.kind === "window") {
      const window = this.world.listWindows().find((w) => w.handle === target.handle);
      if (!window) return Promise.resolve(null);
      try {
        const root = this.world.tree(target.handle);
        return root
          ? this.renderer.run({ kind: "window", root, window: window.bounds })
          : Promise.resolve(null);
      } catch (e) {
        if (e instanceof WindowGoneError) return Promise.resolve(null);
        throw e;
      }
    }
    const windows = this.world.paintOrder();
    return this.renderer.run({ kind: "screen", windows, screen: MOCK_SCREEN });
  }

  /** The mock's pixels are drawn from its world: an unchanged world draws the same picture. */
  pictureToken(target: ScreenshotTarget): Promise<string | null> {
    const subject = target.kind === "window" ? `window ${target.handle}` : target.kind;
    return Promise.resolve(`mock ${this.worldsLoaded}.${this.world.revision} ${subject}`);
  }

  input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    const gestures = this.held.translate(action, this.pointerAt);
    this.pointerAt = pointerAfter(action, this.pointerAt);
    let outcome: ActionOutcome = { ok: true, note: MOCK_NOTE };
    for (const gesture of gestures) {
      outcome = this.world.input(gesture, handle);
      if (!outcome.ok) break;
    }
    return Promise.resolve(outcome);
  }

  pointer(): Promise<{ x: number; y: number } | null> {
    return Promise.resolve(this.pointerAt);
  }

  /** A built-in arrow at the pointer; null until an input has placed the pointer. */
  cursorImage(): Promise<CursorImage | null> {
    return Promise.resolve(this.pointerAt === null ? null : mockCursor(this.pointerAt));
  }

  elementOperation(_target: ElementRef, _op: ElementOperation): Promise<ActionOutcome> {
    // No native element operations: the caller falls back to coordinates,
    // passing the element id so clicks still know their target.
    return Promise.resolve({ ok: false, unsupported: true, error: "mock has no element patterns" });
  }

  readPath(target: ElementRef, _limits: CaptureLimits): Promise<Element[] | null> {
    const tree = this.world.tree(target.handle);
    const path = tree === null ? null : nodesToId(tree, target.elementId);
    return Promise.resolve(path && structuredClone(pathRead(path, target.elementId)));
  }

  monitors(): Promise<Monitor[]> {
    return Promise.resolve([]);
  }

  windowsAbove(handle: string): Promise<Bounds[]> {
    return Promise.resolve(this.world.windowsAbove(handle));
  }

  activate(_handle: string): Promise<[boolean, string]> {
    return Promise.resolve([false, "the mock desktop has no window activation API"]);
  }

  startWorkers(): void {
    this.renderer.start();
  }

  close(): Promise<void> {
    this.renderer.stop();
    return Promise.resolve();
  }
}
