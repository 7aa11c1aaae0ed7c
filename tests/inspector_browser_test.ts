// The web inspector in Debian's headless Chromium against the real service on
// the mock desktop and a scenario: it loads from the service alone, picks a
// window, outlines a hovered tree node at the right pixels, picks the element
// under the pointer, counts and highlights a selector's matches and shows a
// parse error where it is, acts through a tool form (asking first) and shows
// the receipt and the diff, follows changes made by another client, and
// replays a recorded trace. Screenshots of the page go to artifacts/inspector/.

import { strict as assert } from "node:assert";
import { INSPECTOR_CSP } from "../routes/inspector.ts";
import {
  CHROMIUM_PATH,
  expectedBox,
  hoveredOutlineAt,
  keepScreenshot,
  openInspector,
  pickWindow,
  waitForText,
} from "./helpers/inspector_page.ts";
import { partAvailable } from "./helpers/parts.ts";
import { postJson } from "./helpers/http.ts";
import { type Service, type ServiceOptions, startService } from "./helpers/service.ts";
import type { Page } from "playwright-core";

const CHROMIUM = partAvailable(
  "Chromium",
  (() => {
    try {
      return Deno.statSync(CHROMIUM_PATH).isFile;
    } catch {
      return false;
    }
  })(),
  "apt-get install chromium",
);
const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;
const ARTIFACTS = new URL("../artifacts/inspector/", import.meta.url).pathname;

/**
 * A browser test against a service of its own: the page must fetch nothing
 * from elsewhere and raise no error, whatever the body checks.
 */
function inspectorTest(
  name: string,
  options: { service?: ServiceOptions; viewport?: { width: number; height: number } },
  body: (p: Page, service: Service) => Promise<void>,
): void {
  Deno.test({
    name,
    ignore: !CHROMIUM,
    async fn() {
      await Deno.mkdir(ARTIFACTS, { recursive: true });
      const service = await startService(options.service);
      try {
        const page = await openInspector(service.url, options.viewport);
        try {
          await body(page.page, service);
          assert.deepEqual(page.foreign, [], "nothing is fetched from the network");
          assert.deepEqual(page.errors, []);
        } finally {
          await page.close();
        }
      } finally {
        await service.stop();
      }
    },
  });
}

inspectorTest(
  "inspector (mock): served alone, window, hover outline, pick, selector playground",
  {},
  async (p, service) => {
    const response = await fetch(`${service.url}/`);
    assert.equal(response.headers.get("content-security-policy"), INSPECTOR_CSP);
    await response.body?.cancel();

    assert.equal(await p.locator("#windows button.window").count(), 3);
    const uid = await pickWindow(p, "Notepad");

    // Hovering a tree row outlines that element on the screenshot, where it is.
    const element = await (await fetch(
      `${service.url}/api/tool/get_element?window_uid=${
        encodeURIComponent(uid)
      }&element_id=root.0.1`,
    )).json();
    await p.locator('#tree .label[data-id="root.0.1"]').hover();
    await hoveredOutlineAt(p, element.element.bounds);

    // Zoomed in, the outline follows the image.
    await p.locator("#zoom-in").click();
    await p.locator("#zoom-in").click();
    await p.locator('#tree .label[data-id="root.0.1"]').hover();
    await hoveredOutlineAt(p, element.element.bounds);
    await p.locator("#zoom-fit").click();

    // Hovering the screenshot marks the element painted there in the tree.
    const target = await expectedBox(p, element.element.bounds);
    await p.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
    await p.waitForSelector('#tree .label.hovered[data-id="root.0.1"]');

    // The arrow keys pan the screenshot; the outline moves with it.
    await p.locator("#screen-wrap").focus();
    await p.keyboard.press("ArrowLeft");
    const panned = await p.locator("#shot").boundingBox();
    await p.keyboard.press("ArrowRight");
    const back = await p.locator("#shot").boundingBox();
    assert.ok(
      panned && back && Math.abs(panned.x - back.x - 60) < 1,
      "ArrowLeft shows 60 px more on the left",
    );

    // Clicking the screenshot selects the element painted there and shows its facts. Where
    // it is painted is measured again: panes that fill in late may have moved the screenshot.
    const now = await expectedBox(p, element.element.bounds);
    await p.mouse.move(now.x + now.width / 2, now.y + now.height / 2);
    await p.waitForSelector('#tree .label.hovered[data-id="root.0.1"]');
    await p.mouse.click(now.x + now.width / 2, now.y + now.height / 2);
    await p.waitForSelector("#element-facts");
    assert.equal(
      await p.locator('#tree .label[aria-selected="true"]').getAttribute("data-id"),
      "root.0.1",
    );
    const facts = await p.locator("#element-facts").innerText();
    assert.match(facts, /root\.0\.1/);
    assert.match(facts, /"Edit"/);
    const derived = await p.locator("#derived-selector").inputValue();
    assert.match(derived, /MenuItem\[name="Edit"\]/);

    // Copy puts it on the clipboard.
    await p.locator("#copy-selector").click();
    await waitForText(p, "#status", /selector copied/);
    assert.equal(await p.evaluate("navigator.clipboard.readText()"), derived);

    // The derived selector, tried in the playground, finds exactly that element.
    await p.locator("#use-selector").click();
    await p.waitForSelector('#selector-count[data-count="1"]');
    assert.equal(await p.locator("#overlay .box.match").count(), 1);

    // A selector with several matches: the count, the boxes and the rows.
    await p.locator("#selector").fill("MenuItem");
    await p.waitForSelector('#selector-count[data-count="5"]');
    assert.equal(await p.locator("#overlay .box.match").count(), 5);
    assert.equal(await p.locator("#tree .label.match").count(), 5);
    await keepScreenshot(p, ARTIFACTS, "mock-selector");

    // An invalid one: the parser's message with a caret under the position.
    await p.locator("#selector").fill('Button[name="OK');
    await p.waitForSelector("#selector[aria-invalid=true]");
    const error = await p.locator("#selector-error").innerText();
    assert.match(error, /\^ selector parse error/);
    assert.equal(await p.locator("#overlay .box.match").count(), 0);

    // The other views of the window.
    await p.locator("#tab-sketch").click();
    await waitForText(p, "#sketch", /\S{3}[\s\S]{20}/);
    // The pane is marked busy while its request is out (held here), and no longer once answered.
    let release = () => {};
    const held = new Promise<void>((resolve) => release = resolve);
    await p.route("**/api/tool/get_screen_description", async (route) => {
      await held;
      await route.continue();
    });
    await p.locator("#tab-description").click();
    await p.waitForSelector('#description[aria-busy="true"]', { state: "attached" });
    release();
    await waitForText(p, "#description", /\S{3}[\s\S]{20}/);
    assert.equal(await p.locator("#description").getAttribute("aria-busy"), null);
    await p.unrouteAll();
  },
);

const TRACES = Deno.makeTempDirSync({ prefix: "oso-inspector-traces-" });
globalThis.addEventListener("unload", () => Deno.removeSync(TRACES, { recursive: true }));

inspectorTest(
  "inspector (scenario): act through a tool form, see the receipt and the diff; live changes; a trace",
  {
    service: {
      args: ["--scenario", LOGIN],
      config: { tracing: { dir: TRACES } },
    },
  },
  async (p, service) => {
    const started = await postJson(`${service.url}/api/tool/trace_start`, { label: "login" });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    await pickWindow(p, "Acme Login");

    // Pick the Username field, then act on it from the details pane.
    await p.locator('#tree .label[data-id="root.0"]').click();
    await p.waitForSelector("#element-facts");
    await p.locator("#act-on").click();
    assert.equal(await p.locator("#tool").inputValue(), "click_element");
    assert.match(await p.locator('#tool-form [name="selector"]').inputValue(), /Username/);
    await p.locator("#run").click();
    // An input tool asks in the page first; cancelling runs nothing.
    await p.waitForSelector("#confirm-panel:not([hidden])");
    assert.match(
      await p.locator("#confirm-text").innerText(),
      /click_element acts on the desktop/,
    );
    await p.locator("#confirm-no").click();
    assert.match(await p.locator("#act-summary").innerText(), /cancelled/);
    await p.locator("#run").click();
    await p.locator("#confirm-yes").click();
    await waitForText(p, "#act-summary", /click_element ok/);
    assert.match(await p.locator("#act-summary").innerText(), /changed: true/);
    await p.waitForSelector("#act-diff .change");
    assert.match(await p.locator("#act-diff").innerText(), /root\.0 .*focused=true/);

    // Type into it through the type_text form.
    await p.locator("#tool").selectOption("type_text");
    await p.locator('#tool-form [name="text"]').fill("alice");
    await p.locator("#run").click();
    await p.locator("#confirm-yes").click();
    await waitForText(p, "#act-summary", /type_text ok/);
    await p.waitForSelector("#act-diff .change");
    assert.match(await p.locator("#act-diff").innerText(), /root\.0 value="alice"/);
    await keepScreenshot(p, ARTIFACTS, "scenario-act");

    // A change made by another client shows up by itself (live), as a diff.
    await p.locator("#tab-inspect").click();
    const other = await postJson(`${service.url}/api/tool/click_element`, {
      selector: 'Edit[name="Password"]',
    });
    assert.equal(other.status, 200, JSON.stringify(other.body));
    await waitForText(p, "#changes", /root\.1 .*focused=true/);
    // A window that opens shows up in the list by itself.
    const login = await postJson(`${service.url}/api/tool/click_element`, {
      selector: 'Button[name="Login"]',
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    await waitForText(p, "#windows", /Login Error/);

    // The recorded trace, step by step, with its screenshots.
    const stopped = await postJson(`${service.url}/api/tool/trace_stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
    await p.locator("#tab-traces").click();
    await p.locator("#trace-list button", { hasText: "login" }).click();
    await p.waitForSelector("#trace-steps .trace-step");
    const tools = await p.locator("#trace-steps .trace-step").evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-tool"))
    );
    // The page's own reads (polling, trees, screenshots) are not the run's steps.
    assert.deepEqual(tools, ["click_element", "type_text", "click_element", "click_element"]);
    assert.match(await p.locator("#trace-step-1 h3").innerText(), /inspector/);
    type Img = { complete: boolean; naturalWidth: number };
    const images = () =>
      p.locator("#trace-steps img").evaluateAll((els) =>
        els.map((e) => ({
          complete: (e as unknown as Img).complete,
          width: (e as unknown as Img).naturalWidth,
        }))
      );
    for (let i = 0; i < 100 && !(await images()).every((img) => img.complete); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const loaded = await images();
    assert.ok(loaded.length > 0 && loaded.every((img) => img.width > 0), JSON.stringify(loaded));
    await keepScreenshot(p, ARTIFACTS, "scenario-trace");
  },
);

inspectorTest(
  "inspector at 200 % zoom: no sideways scrolling, every pane reachable from the keyboard",
  { viewport: { width: 640, height: 400 } },
  async (p) => {
    const overflow = Number(
      await p.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      ),
    );
    assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
    // Tab moves through the header, the windows, the tabs and into the panes.
    const reached = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await p.keyboard.press("Tab");
      const id = await p.evaluate(
        "(e => e ? e.id || e.getAttribute('data-uid') || e.className || e.tagName : '')" +
          "(document.activeElement)",
      );
      reached.add(String(id));
    }
    for (const id of ["live", "refresh", "tab-inspect", "tab-act", "selector", "screen-wrap"]) {
      assert.ok(reached.has(id), `${id} is reachable with Tab (${[...reached].join(" ")})`);
    }
    assert.ok([...reached].some((id) => id.startsWith("mock:")), "a window button");
    // Enter on a tree row selects it.
    await p.locator("#tree .label").first().focus();
    await p.keyboard.press("ArrowDown");
    await p.keyboard.press("Enter");
    await p.waitForSelector("#element-facts");
    await keepScreenshot(p, ARTIFACTS, "zoom-200");
  },
);

inspectorTest(
  "inspector (OS-Harm-like scenario): screen text addressing the agent is flagged; budgets show",
  {
    service: {
      args: ["--scenario", "tests/fixtures/scenarios/injected_email.yaml", "--max-actions", "40"],
      config: { scenarios: { dirs: ["tests/fixtures/scenarios"] } },
    },
  },
  async (p) => {
    await pickWindow(p, "Acme Mail");
    const warning = await waitForText(p, "#warnings", /addresses the agent/);
    assert.match(warning, /root\.3/);
    await p.locator("#warnings .warning").first().click();
    await p.waitForSelector('#tree .label[data-id="root.3"][aria-selected="true"]');
    assert.match(await p.locator("#budget").innerText(), /actions \d+\/40/);
  },
);
