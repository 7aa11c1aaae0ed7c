// The service on a real desktop, over HTTP: Xvfb + openbox + D-Bus + the
// accessibility bus, with gtk3-widget-factory, gnome-calculator (GTK4),
// mousepad and zenity. Reads first, then actions, then an agent-like dialog.

import { strict as assert } from "node:assert";
import { decodeBase64, pngSize } from "../helpers/http.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import { decode as decodeImage, Image } from "imagescript";
import type { Element } from "../../lib/model/tree.ts";
import {
  accessibleStructure,
  desktopTest,
  eventually,
  findAll,
  findById,
  inside,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";

desktopTest(
  "Linux desktop over HTTP: windows, structure, screenshots, input and dialogs",
  async (t, desktop) => {
    const calculator = await desktop.launch("gnome-calculator");
    const factory = await desktop.launch("gtk3-widget-factory");
    await withLinuxService(desktop, async (c) => {
      const factoryUid = uidOf(factory.window);
      const calculatorUid = uidOf(calculator.window);

      await t.step("the service runs the Linux adapter", async () => {
        const health = await c.get("/api/healthz");
        assert.equal(health.body.adapter, "LinuxAdapter");
        assert.equal(health.body.is_mock, false);
      });

      await t.step("window list: titles, pids, processes, uids and focus", async () => {
        const windows = await eventually(
          () => c.windows(),
          (ws) => ws.some((w) => w.window_uid === factoryUid && w.focused === true),
        );
        const byUid = new Map(windows.map((w) => [w.window_uid, w]));
        const f = byUid.get(factoryUid)!;
        assert.equal(f.title, "gtk3-widget-factory");
        assert.equal(f.pid, factory.pid);
        assert.equal(f.process, "gtk3-widget-factory");
        assert.equal(f.handle, factory.window.toString());
        assert.equal(f.focused, true, "the app launched last has the focus");
        const calc = byUid.get(calculatorUid)!;
        assert.equal(calc.title, "Calculator");
        assert.equal(calc.pid, calculator.pid);
        assert.equal(calc.process, "gnome-calculator");
        assert.equal(calc.focused, false);
        assert.equal(windows.filter((w) => w.focused).length, 1);
      });

      await t.step("widget-factory structure: known controls inside the window", async () => {
        const tree = await accessibleStructure(c, factoryUid);
        assert.equal(tree.role, "Window");
        assert.equal(tree.name, "gtk3-widget-factory");
        const checks = findAll(tree, (e) => e.role === "CheckBox" && e.name === "checkbutton");
        const radios = findAll(tree, (e) => e.role === "RadioButton");
        const edits = findAll(tree, (e) => e.role === "Edit" && e.value === "entry");
        assert.ok(checks.length >= 6, `check boxes: ${checks.length}`);
        assert.ok(radios.length >= 6, `radio buttons: ${radios.length}`);
        assert.ok(edits.length >= 1, "an entry reading 'entry'");
        assert.ok(findAll(tree, (e) => e.role === "TabItem" && e.name === "page 1").length);
        assert.ok(findAll(tree, (e) => e.role === "Slider").length >= 2);
        assert.ok(findAll(tree, (e) => e.role === "Table").length >= 1);
        const shown = findAll(tree, (e) => e.bounds.width > 0 && e.bounds.height > 0);
        assert.ok(shown.length > 100);
        for (const e of shown) {
          assert.ok(inside(e.bounds, tree.bounds), `${e.id} ${JSON.stringify(e.bounds)}`);
        }
        assert.ok(checks.every((e) => typeof e.selected === "boolean"));
        assert.ok(checks.some((e) => !e.enabled), "the insensitive check boxes are disabled");
      });

      await t.step(
        "GTK4 calculator: window-relative coordinates become screen ones",
        async () => {
          const tree = await accessibleStructure(c, calculatorUid);
          const windows = await c.windows();
          const bounds = windows.find((w) => w.window_uid === calculatorUid)!
            .bounds as Element["bounds"];
          const seven = findAll(tree, (e) => e.role === "Button" && e.name.startsWith("7"))[0];
          assert.ok(seven, "the 7 key");
          assert.ok(seven.bounds.width > 20 && inside(seven.bounds, bounds));
          const texts = findAll(tree, (e) => e.role === "Text" && e.value === "7");
          assert.ok(texts.length > 0, "GTK4 label text is read whole");
        },
      );

      await t.step("find_element resolves a selector to a live element", async () => {
        const q = encodeURIComponent('CheckBox[name="checkbutton"]');
        const r = await c.get(`/api/find_element?window_uid=${factoryUid}&selector=${q}`);
        assert.equal(r.status, 200);
        assert.equal(r.body.window_uid, factoryUid);
        assert.ok(Number(r.body.ambiguous_matches) >= 6);
      });

      await t.step("screenshots: the screen and a window, with real pixels", async () => {
        const screen = await c.get("/api/screenshot");
        assert.equal(screen.status, 200);
        const png = decodeBase64(String(screen.body.data));
        assert.deepEqual(pngSize(png), { width: 1280, height: 800 });
        const image = await decodePng(png);
        const colors = new Set<number>();
        const view = new DataView(image.data.buffer);
        for (let i = 0; i < image.data.length; i += 4 * 97) colors.add(view.getUint32(i));
        assert.ok(colors.size > 20, `distinct colours: ${colors.size}`);
        const win = await c.get(`/api/screenshot?window_uid=${calculatorUid}`);
        const windows = await c.windows();
        const b = windows.find((w) => w.window_uid === calculatorUid)!
          .bounds as Element["bounds"];
        assert.deepEqual(pngSize(decodeBase64(String(win.body.data))), {
          width: b.width,
          height: Math.min(b.height, 800 - b.y),
        });
      });

      await t.step("a JPEG screenshot (from X's BGRX) has the PNG's colours", async () => {
        // Nothing on the screen moves between the two: the factory's page is static.
        const png = await decodePng(
          decodeBase64(String((await c.get("/api/screenshot")).body.data)),
        );
        const jpegBody = (await c.get("/api/screenshot?format=jpeg&quality=90")).body;
        assert.equal(jpegBody.format, "jpeg");
        const jpeg = await decodeImage(decodeBase64(String(jpegBody.data)));
        assert.ok(jpeg instanceof Image);
        assert.deepEqual([jpeg.width, jpeg.height], [png.width, png.height]);
        // Where red and blue differ clearly (GTK's blue accents), the JPEG must agree on
        // which is larger: red and blue swapped would turn every such pixel around.
        let coloured = 0;
        let agreeing = 0;
        for (let i = 0; i < png.data.length; i += 4 * 7) {
          const [r, b] = [png.data[i], png.data[i + 2]];
          if (Math.abs(r - b) < 60) continue;
          coloured++;
          if (Math.sign(jpeg.bitmap[i] - jpeg.bitmap[i + 2]) === Math.sign(r - b)) agreeing++;
        }
        assert.ok(coloured > 50, `coloured pixels sampled: ${coloured}`);
        assert.ok(agreeing / coloured > 0.9, `${agreeing} of ${coloured} agree`);
      });

      const enabledCheckBox = async () => {
        const tree = await c.structure(factoryUid);
        return findAll(tree, (e) => e.role === "CheckBox" && e.enabled && e.bounds.width > 0)[0];
      };
      const selectedOf = async (id: string) =>
        findById(await c.structure(factoryUid), id)?.selected;

      await t.step("click_element toggles a check box", async () => {
        const box = await enabledCheckBox();
        const r = await c.post("/api/element/click", {
          window_uid: factoryUid,
          element_id: box.id,
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.success, true);
        assert.equal(r.body.changed, true, "the receipt sees the new state");
        const after = await eventually(() => selectedOf(box.id), (s) => s === !box.selected);
        assert.equal(after, !box.selected);
      });

      await t.step("click_at on its centre toggles it back", async () => {
        const box = await enabledCheckBox();
        const x = box.bounds.x + Math.floor(box.bounds.width / 2);
        const y = box.bounds.y + Math.floor(box.bounds.height / 2);
        const r = await c.post("/api/action", { action: "click_at", x, y });
        assert.equal(r.body.success, true, JSON.stringify(r.body));
        const after = await eventually(() => selectedOf(box.id), (s) => s === !box.selected);
        assert.equal(after, !box.selected);
      });

      await t.step("invoke_element runs the AT-SPI action", async () => {
        const box = await enabledCheckBox();
        const r = await c.post("/api/element/invoke", {
          window_uid: factoryUid,
          element_id: box.id,
          method: "pattern",
        });
        assert.equal(r.body.success, true, JSON.stringify(r.body));
        assert.equal(await selectedOf(box.id), !box.selected);
      });

      const entry = async () => {
        const tree = await c.structure(factoryUid);
        return findAll(tree, (e) => e.role === "Edit" && e.enabled && e.bounds.width > 0)
          .find((e) => e.value === "entry" || e.focused) ??
          findAll(tree, (e) => e.role === "Edit" && e.enabled && e.bounds.width > 0)[0];
      };
      const valueOf = async (id: string) => findById(await c.structure(factoryUid), id)?.value;

      await t.step("typing ASCII and non-ASCII text into an entry", async () => {
        const field = await entry();
        await c.post("/api/element/click", { window_uid: factoryUid, element_id: field.id });
        await c.post("/api/action", { action: "key", value: "ctrl+a" });
        const text = "Grüße ✓ 日本 ok";
        const r = await c.post("/api/action", { action: "type", value: text });
        assert.equal(r.body.success, true, JSON.stringify(r.body));
        assert.equal(await eventually(() => valueOf(field.id), (v) => v === text), text);
        const more = "ASCII, then: ½ € ß";
        await c.post("/api/action", { action: "type", value: more });
        const both = text + more;
        assert.equal(await eventually(() => valueOf(field.id), (v) => v === both), both);
      });

      await t.step("key combinations: ctrl+a then backspace empties the entry", async () => {
        const field = await entry();
        await c.post("/api/element/click", { window_uid: factoryUid, element_id: field.id });
        const all = await c.post("/api/action", { action: "key", value: "ctrl+a" });
        assert.equal(all.body.success, true, JSON.stringify(all.body));
        await c.post("/api/action", { action: "key", value: "backspace" });
        assert.equal(await eventually(() => valueOf(field.id), (v) => v === ""), "");
        await c.post("/api/action", { action: "type", value: "abc" });
        await c.post("/api/action", { action: "key", value: "shift+home" });
        await c.post("/api/action", { action: "type", value: "X" });
        assert.equal(await eventually(() => valueOf(field.id), (v) => v === "X"), "X");
      });

      await t.step("set_value replaces the text through EditableText", async () => {
        const field = await entry();
        const r = await c.post("/api/element/set_value", {
          window_uid: factoryUid,
          element_id: field.id,
          value: "set by AT-SPI ✓",
          method: "pattern",
        });
        assert.equal(r.body.success, true, JSON.stringify(r.body));
        assert.equal(await valueOf(field.id), "set by AT-SPI ✓");
      });

      const slider = async () => {
        const tree = await c.structure(factoryUid);
        return findAll(
          tree,
          (e) => e.role === "Slider" && e.enabled && e.bounds.width > 100 && e.bounds.height < 60,
        )[0];
      };
      const sliderValue = async (id: string) =>
        findById(await c.structure(factoryUid), id)?.value_now;

      await t.step("scrolling over a slider changes its value", async () => {
        const s = await slider();
        assert.equal(typeof s.value_now, "number");
        const x = s.bounds.x + Math.floor(s.bounds.width / 2);
        const y = s.bounds.y + Math.floor(s.bounds.height / 2);
        const r = await c.post("/api/action", { action: "scroll", clicks: 3, x, y });
        assert.equal(r.body.success, true, JSON.stringify(r.body));
        const after = await eventually(() => sliderValue(s.id), (v) => v !== s.value_now);
        assert.notEqual(after, s.value_now);
      });

      await t.step("dragging a slider's knob to its right end raises its value", async () => {
        const s = await slider();
        const fraction = (s.value_now! - s.value_min!) / (s.value_max! - s.value_min!);
        const knobX = s.bounds.x + Math.round(fraction * s.bounds.width);
        const y = s.bounds.y + Math.floor(s.bounds.height / 2);
        const r = await c.post("/api/drag", {
          window_uid: factoryUid,
          from: {
            x: Math.max(s.bounds.x + 5, Math.min(knobX, s.bounds.x + s.bounds.width - 5)),
            y,
          },
          to: { x: s.bounds.x + s.bounds.width + 40, y },
          duration_s: 0.3,
        });
        assert.equal(r.body.success, true, JSON.stringify(r.body));
        const after = await eventually(() => sliderValue(s.id), (v) => v === s.value_max);
        assert.equal(after, s.value_max);
      });

      await t.step("mousepad: menu shortcuts, and typing into its document", async () => {
        const editor = await desktop.launch("mousepad");
        const uid = uidOf(editor.window);
        const tree = await accessibleStructure(c, uid);
        const save = findAll(tree, (e) => e.role === "MenuItem" && e.name === "Save")[0];
        assert.equal(save?.keyboard_shortcut, "Ctrl+S");
        assert.equal(
          findAll(tree, (e) => e.role === "Menu" && e.name === "File")[0]
            ?.keyboard_shortcut,
          "Alt+F",
        );
        const document = findAll(tree, (e) => e.role === "Document" && e.bounds.width > 0)[0];
        assert.ok(document, "the editor is a Document");
        await c.post("/api/element/click", { window_uid: uid, element_id: document.id });
        await c.post("/api/action", { action: "type", value: "first line\nzweite Zeile ✓" });
        const read = async () => findById(await c.structure(uid), document.id)?.value;
        const text = "first line\nzweite Zeile ✓";
        assert.equal(await eventually(read, (v) => v === text), text);
        await editor.kill();
      });

      await t.step("an agent completes a zenity dialog", async () => {
        const dialog = await desktop.launch("zenity", [
          "--entry",
          "--title=Rename file",
          "--text=New name:",
        ]);
        const uid = uidOf(dialog.window);
        const windows = await eventually(
          () => c.windows(),
          (ws) => ws.some((w) => w.window_uid === uid && w.focused === true),
        );
        const listed = windows.find((w) => w.title === "Rename file");
        assert.equal(listed?.window_uid, uid);
        assert.equal(listed?.process, "zenity");
        const tree = await accessibleStructure(c, uid);
        assert.equal(tree.role, "Dialog");
        const field = findAll(tree, (e) => e.role === "Edit")[0];
        assert.ok(field, "the dialog's text field");
        const typed = await c.post("/api/element/click", {
          window_uid: uid,
          element_id: field.id,
        });
        assert.equal(typed.body.success, true, JSON.stringify(typed.body));
        await c.post("/api/action", { action: "type", value: "report-2026 ✓.txt" });
        const ok = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Button[name="OK"]',
        });
        assert.equal(ok.body.success, true, JSON.stringify(ok.body));
        assert.equal(await dialog.exited, 0);
        assert.equal(dialog.stdout(), "report-2026 ✓.txt\n");
        const after = await eventually(
          () => c.windows(),
          (ws) => !ws.some((w) => w.window_uid === uid),
        );
        assert.ok(!after.some((w) => w.window_uid === uid), "the dialog is gone");
      });
    });
  },
);
