// The OSWorld action bridge on a real GTK app under Xvfb, over HTTP:
// set-of-marks on mousepad (marks, element list, marked screenshot), tag_N
// clicks, a stale tag refused after the layout changed, and the new input
// kinds (held keys and buttons, triple clicks, horizontal scroll) reaching X
// for real, checked by the text mousepad then holds. computer_13 too.

import { strict as assert } from "node:assert";
import { decodeBase64, pngSize } from "../helpers/http.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import type { Element } from "../../lib/model/tree.ts";
import {
  accessibleStructure,
  type Client,
  desktopTest,
  eventually,
  findAll,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";

type Body = Record<string, unknown>;
type Mark = { tag: number; role: string; name: string; bounds: Element["bounds"]; centre: Point };
type Point = { x: number; y: number };

async function post(c: Client, path: string, body: unknown, status = 200): Promise<Body> {
  const r = await c.post(path, body);
  assert.equal(r.status, status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Runs pyautogui code and checks every step of it went through. */
async function pyautogui(c: Client, code: string): Promise<Body> {
  const ran = await post(c, "/api/pyautogui", { code });
  const steps = ran.steps as Body[];
  assert.ok(steps.every((s) => s.ok !== false), JSON.stringify(steps));
  return ran;
}

desktopTest(
  "OSWorld bridge on mousepad: marks, tags, held keys and buttons",
  async (t, desktop) => {
    const pad = await desktop.launch("mousepad");
    await withLinuxService(desktop, async (c) => {
      const uid = uidOf(pad.window);
      const tree = await accessibleStructure(c, uid);
      const documentId = findAll(tree, (e) => e.role === "Document" && e.bounds.width > 0)[0]?.id;
      assert.ok(documentId, "mousepad's text view");
      const document = async () =>
        findAll(await c.structure(uid), (e) => e.id === documentId)[0] as Element;
      const text = async () => {
        const d = await document();
        return d.value ?? d.text ?? "";
      };
      const textIs = async (expected: string) => {
        const got = await eventually(text, (v) => v === expected);
        assert.equal(got, expected);
      };
      const clear = () =>
        pyautogui(c, "pyautogui.hotkey('ctrl', 'a')\npyautogui.press('backspace')");
      // An empty text view has neither name nor text: OSWorld's filter (and so
      // set-of-marks) leaves it out. Some text makes it a mark.
      await post(c, "/api/action", { action: "type", value: "seed\n", window_uid: uid });
      await textIs("seed\n");

      let docTag = 0;
      let docMark: Mark | null = null;
      await t.step("set-of-marks: marks, the element list and the marked screenshot", async () => {
        const som = await post(c, "/api/set_of_marks", { window_uid: uid });
        const marks = som.marks as Mark[];
        assert.ok(marks.length >= 7, `marks: ${marks.length}`);
        const lines = String(som.table).split("\n");
        assert.equal(lines[0], "index\ttag\tname\ttext");
        assert.equal(lines.length, marks.length + 1);
        for (const [i, m] of marks.entries()) {
          assert.equal(m.tag, i + 1);
          const { x, y, width, height } = m.bounds;
          assert.ok(width > 0 && height > 0, JSON.stringify(m));
          assert.ok(
            m.centre.x >= x && m.centre.x < x + width && m.centre.y >= y && m.centre.y < y + height,
            `centre inside: ${JSON.stringify(m)}`,
          );
          const [index, tag, name] = lines[i + 1].split("\t");
          assert.deepEqual([index, tag, name], [String(m.tag), m.role, m.name], lines[i + 1]);
        }
        assert.deepEqual(
          marks.filter((m) => m.role === "menu").map((m) => m.name),
          ["File", "Edit", "Search", "View", "Document", "Help"],
        );
        const png = decodeBase64(String(som.data));
        assert.deepEqual(pngSize(png), { width: 1280, height: 800 });
        // Each box is drawn in red: the middle of its bottom edge is red.
        const image = await decodePng(png);
        assert.deepEqual([image.width, image.height], [1280, 800]);
        for (const m of marks) {
          const at = 4 * ((m.bounds.y + m.bounds.height - 1) * image.width + m.centre.x);
          assert.deepEqual([...image.data.subarray(at, at + 3)], [230, 0, 0], `box of ${m.tag}`);
        }
        // Its text cell: line breaks become spaces.
        docMark = marks.find((m) => m.role === "text" && lines[m.tag].endsWith("\tseed ")) ?? null;
        assert.ok(docMark, `the text view is marked: ${som.table}`);
        docTag = docMark.tag;
      });

      await t.step("pyautogui: click(tag_N) on the text view, then write", async () => {
        // The tag's centre is below the last (empty) line: the caret goes there.
        const ran = await pyautogui(c, `pyautogui.click(tag_${docTag})\npyautogui.write('hello')`);
        const steps = ran.steps as Body[];
        // Planned in screen pixels, and said so: a session's default space is not applied again.
        assert.deepEqual(steps[0].args, {
          ...docMark!.centre,
          button: "left",
          count: 1,
          coordinate_space: "screen",
        });
        await textIs("seed\nhello");
      });

      await t.step("a tag whose element moved since the observation is MarksStale", async () => {
        const som = await post(c, "/api/set_of_marks", { window_uid: uid, image: false });
        const mark = (som.marks as Mark[]).find((m) =>
          m.bounds.x === docMark!.bounds.x &&
          m.bounds.y === docMark!.bounds.y
        )!;
        assert.ok(mark, JSON.stringify(som.marks));
        // The search bar opens under the text view, which shrinks.
        await post(c, "/api/action", { action: "key", value: "ctrl+f", window_uid: uid });
        const after = await eventually(document, (d) => d.bounds.height !== mark.bounds.height);
        assert.notEqual(after.bounds.height, mark.bounds.height, "the text view shrank");
        const before = await c.structure(uid);
        const focusedBefore = findAll(before, (e) => e.focused === true).map((e) => e.id);
        const stale = await post(c, "/api/pyautogui", {
          code: `pyautogui.click(tag_${mark.tag})\npyautogui.write('NO')`,
        }, 409);
        const error = stale.error as Body;
        assert.equal(error.code, "MarksStale", JSON.stringify(error));
        assert.equal(stale.steps, undefined);
        // Nothing was clicked or typed: the focus stayed in the search bar.
        const focusedAfter = findAll(await c.structure(uid), (e) => e.focused === true);
        assert.deepEqual(focusedAfter.map((e) => e.id), focusedBefore);
        assert.ok(!focusedAfter.some((e) => e.id === documentId), "the text view has no focus");
        assert.equal(await text(), "seed\nhello");
        await post(c, "/api/action", { action: "key", value: "escape", window_uid: uid });
        await eventually(document, (d) => d.bounds.height === mark.bounds.height);
      });

      const doc = await document();
      const left = doc.bounds.x + 3;
      const right = doc.bounds.x + doc.bounds.width - 20;
      const line1 = doc.bounds.y + 8;
      const centre = {
        x: doc.bounds.x + Math.floor(doc.bounds.width / 2),
        y: doc.bounds.y + Math.floor(doc.bounds.height / 2),
      };

      await t.step("keyDown / press / keyUp: shift held types a capital", async () => {
        await pyautogui(c, `pyautogui.click(${centre.x}, ${centre.y})`);
        await clear();
        await textIs("");
        await pyautogui(
          c,
          "pyautogui.keyDown('shift')\npyautogui.press('a')\npyautogui.keyUp('shift')",
        );
        await textIs("A");
        // Held across calls, and released by a later call: no stuck modifier.
        await pyautogui(c, "pyautogui.keyDown('shift')");
        await pyautogui(c, "pyautogui.press('c')");
        await pyautogui(c, "pyautogui.keyUp('shift')");
        await pyautogui(c, "pyautogui.press('d')\npyautogui.write('e')");
        await textIs("ACde");
      });

      await t.step("tripleClick selects the line: typing replaces it", async () => {
        await clear();
        await pyautogui(c, "pyautogui.write('one two three')");
        await textIs("one two three");
        await pyautogui(
          c,
          `pyautogui.tripleClick(${centre.x - 200}, ${line1})\npyautogui.write('X')`,
        );
        await textIs("X");
      });

      await t.step("mouseDown, moveTo, mouseUp drag a selection over the line", async () => {
        await clear();
        await pyautogui(c, "pyautogui.write('four five six')");
        await textIs("four five six");
        // Pressed after the line's end, released before its start, in three calls.
        await pyautogui(c, `pyautogui.mouseDown(${right}, ${line1})`);
        await pyautogui(c, `pyautogui.moveTo(${left}, ${line1})`);
        await pyautogui(c, "pyautogui.mouseUp()");
        await pyautogui(c, "pyautogui.write('Z')");
        await textIs("Z");
      });

      await t.step("scroll and hscroll go through", async () => {
        const ran = await pyautogui(
          c,
          `pyautogui.scroll(-3, x=${centre.x}, y=${centre.y})\npyautogui.hscroll(2)\n` +
            "pyautogui.vscroll(1)",
        );
        assert.deepEqual((ran.steps as Body[]).map((s) => [s.tool, s.ok]), [
          ["scroll", true],
          ["scroll", true],
          ["scroll", true],
        ]);
        assert.equal(await text(), "Z");
      });

      await t.step("computer_13: CLICK, TYPING and DONE", async () => {
        const ran = await post(c, "/api/computer13", {
          action: [
            { action_type: "CLICK", parameters: { x: centre.x, y: centre.y } },
            { action_type: "TYPING", parameters: { text: "xyz" } },
            "DONE",
          ],
        });
        assert.equal(ran.control, "DONE");
        assert.deepEqual((ran.steps as Body[]).map((s) => s.tool), [
          "click_at",
          "type_text",
          undefined,
        ]);
        await textIs("Zxyz");
      });
    });
  },
);

desktopTest("OSWorld's table on a GTK 4 window keeps its controls", async (_t, desktop) => {
  // GTK 4 reports neither SHOWING nor ENABLED; OSWorld's filter needs both.
  const calculator = await desktop.launch("gnome-calculator");
  await withLinuxService(desktop, async (c) => {
    const uid = uidOf(calculator.window);
    await accessibleStructure(c, uid);
    const r = await c.get(`/api/accessibility?window_uid=${uid}&format=table`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const rows = String(r.body.table).split("\n").slice(1).map((line) => line.split("\t"));
    // Named "7 7": the button's name and its label's.
    const buttons = rows.filter(([tag]) => tag === "push-button").map(([, name]) => name);
    for (const key of ["7", "×", "="]) {
      assert.ok(buttons.some((name) => name.split(" ")[0] === key), buttons.join(", "));
    }
    const xml = await c.get(`/api/accessibility?window_uid=${uid}`);
    assert.match(String(xml.body.AT), /<push-button name="7[^"]*" [^>]*st:showing="true"/);
  });
});
