// The mock adapter: a synthetic desktop that needs no OS access
// (spec/mock-desktop.md). Every action succeeds without changing anything.

import type {
  ActionOutcome,
  Adapter,
  Capture,
  CaptureLimits,
  ElementOperation,
  ElementRef,
  InputAction,
  RawImage,
  ScreenshotTarget,
} from "../types.ts";
import type { Bounds, Element, Monitor, WindowInfo } from "../../lib/tree.ts";
import { defaultDesktop, MOCK_SCREEN, type MockWindow } from "./desktop.ts";
import { MockInteractions } from "./interactive.ts";
import { renderScreen, renderWindow } from "./screenshot.ts";

export const MOCK_NOTE = "Mock adapter — no real OS action performed";

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Copy of `root` cut to the capture limits (nodes at maxDepth keep no children). */
export function limitedCopy(root: Element, limits: CaptureLimits): Omit<Capture, "captureMs"> {
  let nodeCount = 0;
  let cutShort: Capture["cutShort"] = null;
  const copy = (node: Element, depth: number): Element => {
    nodeCount++;
    const out: Element = { ...node, bounds: { ...node.bounds }, children: [] };
    if (depth >= limits.maxDepth) {
      if (node.children.length > 0) cutShort ??= "depth";
      return out;
    }
    for (const child of node.children) {
      if (nodeCount >= limits.maxNodes) {
        cutShort = "nodes";
        break;
      }
      out.children.push(copy(child, depth + 1));
    }
    return out;
  };
  const root2 = copy(root, 0);
  return { root: root2, nodeCount, cutShort };
}

export class MockAdapter implements Adapter {
  readonly name = "MockAdapter" as const;
  readonly isMock = true;
  readonly nonce = randomNonce();
  private readonly windows: MockWindow[] = defaultDesktop();
  private readonly interactions: MockInteractions | null;

  constructor(options: { interactive?: boolean } = {}) {
    this.interactions = options.interactive ? new MockInteractions(this.windows) : null;
  }

  private uid(index: number): string {
    return `mock:${index}:${this.nonce}`;
  }

  private find(handle: string): MockWindow | undefined {
    return this.windows.find((w) => w.handle === handle);
  }

  listWindows(): Promise<WindowInfo[]> {
    return Promise.resolve(this.windows.map((w, i) => ({
      handle: w.handle,
      title: w.title,
      process: w.process,
      pid: w.pid,
      bounds: { ...w.bounds },
      focused: w.focused,
      window_uid: this.uid(i),
    })));
  }

  captureTree(handle: string | null, limits: CaptureLimits): Promise<Capture | null> {
    const started = performance.now();
    const window = handle === null ? this.windows.find((w) => w.focused) : this.find(handle);
    if (!window) return Promise.resolve(null);
    const capture = limitedCopy(window.tree, limits);
    return Promise.resolve({ ...capture, captureMs: Math.round(performance.now() - started) });
  }

  screenshot(target: ScreenshotTarget): Promise<RawImage | null> {
    if (target.kind === "window") {
      const window = this.find(target.handle);
      return Promise.resolve(window ? renderWindow(window.tree, window.bounds) : null);
    }
    // Bottom to top: the focused window is painted last, over the others.
    const stacked = this.interactions?.bottomToTop() ??
      [...this.windows].sort((a, b) => Number(a.focused) - Number(b.focused));
    return Promise.resolve(
      renderScreen(stacked.map((w) => ({ bounds: w.bounds, root: w.tree })), MOCK_SCREEN),
    );
  }

  input(action: InputAction, _handle: string | null): Promise<ActionOutcome> {
    this.interactions?.apply(action);
    return Promise.resolve({ ok: true, note: MOCK_NOTE });
  }

  elementOperation(_target: ElementRef, _op: ElementOperation): Promise<ActionOutcome> {
    // No native element operations: the caller falls back to coordinates,
    // passing the element id so clicks still know their target.
    return Promise.resolve({ ok: false, unsupported: true, error: "mock has no element patterns" });
  }

  monitors(): Promise<Monitor[]> {
    return Promise.resolve([]);
  }

  windowsAbove(handle: string): Promise<Bounds[]> {
    // The spec's static mock reports no occluders; the interactive one stacks.
    return Promise.resolve(this.interactions?.above(handle) ?? []);
  }

  activate(_handle: string): Promise<[boolean, string]> {
    return Promise.resolve([false, "the mock desktop has no window activation API"]);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
