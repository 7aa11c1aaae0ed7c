// The web inspector in headless Chromium on a real 4K desktop: a zenity form
// under Xvfb (3840×2160), read over AT-SPI by the real service. The page picks the window,
// outlines a hovered node where the service says it is and picks it back from
// the screenshot, counts a selector's matches, and types into the real entry
// through the tool forms, showing the receipt and the diff.

import { strict as assert } from "node:assert";
import {
  hoveredOutlineAt,
  keepScreenshot,
  openInspector,
  pickWindow,
  waitForText,
} from "../helpers/inspector_page.ts";
import { desktopTest, startLinuxService } from "./linux_service.ts";
import { getJson } from "../helpers/http.ts";

const ARTIFACTS = new URL("../../artifacts/inspector/", import.meta.url).pathname;

desktopTest("inspector on a real zenity form: outline, pick, selector, act", async (t, desktop) => {
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  const app = await desktop.launch("zenity", [
    "--forms",
    "--title=Inspect me",
    "--text=New account",
    "--add-entry=Name",
  ]);
  const service = await startLinuxService(desktop);
  const page = await openInspector(service.url);
  try {
    const p = page.page;
    const uid = await pickWindow(p, "Inspect me");
    assert.equal(uid, `x11:${app.window.toString(16)}`);
    interface Found {
      element_id: string;
      bounds: { x: number; y: number; width: number; height: number };
      ambiguous_matches: number;
    }
    const find = async (selector: string): Promise<Found> =>
      (await getJson(
        `${service.url}/api/find_element?window_uid=${uid}&selector=${
          encodeURIComponent(selector)
        }&limit=100`,
      )).body as unknown as Found;

    await t.step("hovering the OK button's row outlines it where AT-SPI says it is", async () => {
      const ok = await find('//Button[name="OK"]');
      await p.locator(`#tree .label[data-id="${ok.element_id}"]`).hover();
      const expected = await hoveredOutlineAt(p, ok.bounds);
      // Clicking the middle of that box on the screenshot picks the same button.
      await p.mouse.click(expected.x + expected.width / 2, expected.y + expected.height / 2);
      await p.waitForSelector(`#tree .label[data-id="${ok.element_id}"][aria-selected="true"]`);
      assert.match(await p.locator("#element-facts").innerText(), /"OK"/);
      assert.match(await p.locator("#derived-selector").inputValue(), /Button\[name="OK"\]/);
    });

    await t.step("a selector's matches are counted and drawn", async () => {
      const buttons = await find("//Button");
      await p.locator("#selector").fill("//Button");
      await p.waitForSelector(`#selector-count[data-count="${buttons.ambiguous_matches}"]`);
      assert.ok(buttons.ambiguous_matches >= 2);
      assert.equal(await p.locator("#overlay .box.match").count(), buttons.ambiguous_matches);
      await keepScreenshot(p, ARTIFACTS, "linux-zenity");
      await p.locator("#selector").fill("");
    });

    await t.step("typing into the real entry through the forms shows the diff", async () => {
      const entry = await find("//Edit");
      await p.locator(`#tree .label[data-id="${entry.element_id}"]`).click();
      // The facts of the OK button, picked before, are still shown until the entry's replace
      // them: acting before then clicks OK, which closes the form (S7, a loaded run).
      await p.waitForSelector(`#tree .label[data-id="${entry.element_id}"][aria-selected="true"]`);
      const id = entry.element_id.replaceAll(".", "\\.");
      await waitForText(p, "#element-facts", new RegExp(`(^|\\n)${id}(\\n|$)`));
      await p.locator("#act-on").click();
      await p.locator("#run").click();
      await p.locator("#confirm-yes").click();
      await waitForText(p, "#act-summary", /click_element ok/);
      await p.locator("#tool").selectOption("type_text");
      await p.locator('#tool-form [name="text"]').fill("bob");
      await p.locator("#run").click();
      await p.locator("#confirm-yes").click();
      await waitForText(p, "#act-summary", /type_text ok/);
      const diff = await waitForText(p, "#act-diff", /bob/);
      assert.match(diff, new RegExp(`${id} .*"bob"`));
      await keepScreenshot(p, ARTIFACTS, "linux-zenity-act");
    });

    await t.step("the whole 4K screen zooms out to fit and back in to the window", async () => {
      const natural = await p.locator("#shot").evaluate((img) =>
        (img as unknown as { naturalWidth: number }).naturalWidth
      );
      assert.equal(natural, 3840);
      await p.locator("#tab-inspect").click();
      await p.locator("#zoom-screen").click();
      const pane = await p.locator("#screen-wrap").boundingBox();
      const whole = await p.locator("#shot").boundingBox();
      assert.ok(pane && whole, "drawn");
      assert.ok(
        whole.x >= pane.x - 1 && whole.x + whole.width <= pane.x + pane.width + 1 &&
          whole.y >= pane.y - 1 && whole.y + whole.height <= pane.y + pane.height + 1,
        `the whole screen fits the pane: ${JSON.stringify({ pane, whole })}`,
      );
      // Zooming in from there keeps the outline on the element.
      await p.locator("#zoom-in").click();
      const ok = await find('//Button[name="OK"]');
      await p.locator(`#tree .label[data-id="${ok.element_id}"]`).hover();
      await hoveredOutlineAt(p, ok.bounds);
    });

    assert.deepEqual(page.foreign, []);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.close();
    await service.stop();
    await app.kill();
  }
}, { width: 3840, height: 2160 });
