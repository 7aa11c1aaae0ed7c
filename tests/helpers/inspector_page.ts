// Drives the web inspector in Debian's headless Chromium (playwright-core),
// for the mock, scenario and real-desktop browser tests: opening it with
// every request watched, picking windows, and measuring where an outline sits
// on the screenshot.

import { strict as assert } from "node:assert";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export interface InspectorPage {
  page: Page;
  /** Every URL the page asked for that is not the service's own. */
  foreign: string[];
  /** Uncaught errors and console errors of the page (refused requests aside). */
  errors: string[];
  close(): Promise<void>;
}

export async function openInspector(
  url: string,
  viewport = { width: 1400, height: 900 },
): Promise<InspectorPage> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox"],
  });
  // The page's Copy buttons write the clipboard; tests read it back.
  const context = await browser.newContext({
    viewport,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    const target = r.url();
    if (!target.startsWith(url) && !target.startsWith("data:")) foreign.push(target);
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    // A refused request (a 400 for an invalid selector) is an answer the page shows, not an error.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
      errors.push(m.text());
    }
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 30_000 });
  return { page, foreign, errors, close: () => browser.close() };
}

/** Clicks the window whose title contains `title` and waits until its tree and screenshot are in. */
export async function pickWindow(page: Page, title: string): Promise<string> {
  const button = page.locator("#windows button.window", { hasText: title }).first();
  const uid = await button.getAttribute("data-uid");
  assert.ok(uid, `no window titled ${title}`);
  await button.click();
  await page.waitForSelector(`#screen-wrap[data-ready="${uid}"]`, { timeout: 30_000 });
  return uid;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a screen rectangle should appear on the page: the screenshot is the
 * full screen, so screen pixels scale by the image's drawn size.
 */
export async function expectedBox(page: Page, bounds: Box): Promise<Box> {
  const image = await page.locator("#shot").boundingBox();
  const natural = await page.locator("#shot").evaluate((img) =>
    (img as unknown as { naturalWidth: number }).naturalWidth
  );
  assert.ok(image && natural > 0);
  const scale = image.width / natural;
  return {
    x: image.x + bounds.x * scale,
    y: image.y + bounds.y * scale,
    width: bounds.width * scale,
    height: bounds.height * scale,
  };
}

/** Asserts two page boxes agree within `tolerance` CSS pixels. */
function assertNear(actual: Box | null, expected: Box, tolerance = 1.5): void {
  assert.ok(actual, "the box is drawn");
  for (const key of ["x", "y", "width", "height"] as const) {
    assert.ok(
      Math.abs(actual[key] - expected[key]) <= tolerance,
      `${key}: ${actual[key]} drawn, ${expected[key]} expected (${JSON.stringify(actual)})`,
    );
  }
}

/** How long the page may take to redraw an outline: only a hang guard. */
const REDRAW_LIMIT_MS = 30_000;

/**
 * Waits until the hovered element's outline is drawn where `bounds` appear on
 * the screenshot (after a zoom or a new image it is redrawn a frame or more
 * later); fails with the last difference. Returns where that is on the page.
 */
export async function hoveredOutlineAt(page: Page, bounds: Box): Promise<Box> {
  const deadline = Date.now() + REDRAW_LIMIT_MS;
  for (;;) {
    const expected = await expectedBox(page, bounds);
    try {
      assertNear(await page.locator("#overlay .box.hovered").boundingBox(), expected);
      return expected;
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
    // The next frame (a string: this file is type-checked without the DOM's names).
    await page.evaluate("new Promise((drawn) => requestAnimationFrame(drawn))");
  }
}

/** A screenshot of the page for a person to look at, in `dir`. */
export async function keepScreenshot(page: Page, dir: string, name: string): Promise<string> {
  const path = `${dir}/${name}.png`;
  await page.screenshot({ path });
  return path;
}

/** How long a pane may stay busy: only a hang guard, the service answers every request. */
const BUSY_LIMIT_MS = 300_000;

/**
 * Waits until the text of `selector` matches `pattern`; the text it ended
 * with. While the page marks the element `aria-busy` (its request is out)
 * the wait goes on, however busy the machine; `timeoutMs` counts only the
 * time the page had nothing pending.
 */
export async function waitForText(
  page: Page,
  selector: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const started = Date.now();
  let idleSince = Date.now();
  let last = "";
  while (Date.now() - idleSince < timeoutMs && Date.now() - started < BUSY_LIMIT_MS) {
    const node = page.locator(selector);
    last = await node.innerText().catch(() => "");
    if (pattern.test(last)) return last;
    if (await node.getAttribute("aria-busy").catch(() => null) === "true") idleSince = Date.now();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${selector} never matched ${pattern}: ${JSON.stringify(last)}`);
}
