// LibreOffice Calc (GTK 3 backend) under Xvfb, over HTTP (issue 40): a sheet
// lists INT32_MAX cells, so a capture reads those in its visible area (the
// application's own cells at the area's corners bound them). An element
// operation focuses the cell it names, a cell is clicked by selector and
// takes the focus, and the OSWorld bridge types a number into it, which its
// cell then holds.

import { strict as assert } from "node:assert";
import { type Element, element } from "../../lib/model/tree.ts";
import { launchOffice } from "./desktop.ts";
import { desktopTest, eventually, findAll, uidOf, withLinuxService } from "./linux_service.ts";

const cells = (tree: Element) => findAll(tree, (e) => e.role === "Cell");
const cell = (tree: Element, name: string) => cells(tree).find((e) => e.name === name);
/** Stands for the tree while Calc answers with an error: no cell. */
const EMPTY = element("Window", "", [0, 0, 0, 0]);

desktopTest(
  "LibreOffice Calc: the visible cells read, one clicked, a number typed into it",
  async (t, d) => {
    await withLinuxService(d, async (c) => {
      const calc = await launchOffice(d, "calc");
      try {
        const uid = uidOf(calc.window);
        // Calc fills its window a while after it maps it (later on a busy machine), and may
        // answer a walk too late meanwhile: a typed answer (4xx) is asked again, a fault is not.
        const deep = async () => {
          const r = await c.get(`/api/structure?window_uid=${uid}&depth=64`);
          if (r.status >= 500) throw new Error(`${r.status}: ${JSON.stringify(r.body)}`);
          return r.status === 200 ? r.body.tree as Element : EMPTY;
        };

        await t.step("the sheet's visible cells are read, as a rectangle from A1", async () => {
          const tree = await eventually(deep, (tree) => cell(tree, "A1") !== undefined, 60_000);
          const names = cells(tree).map((e) => e.name);
          assert.ok(names.length >= 100, `${names.length} cells`);
          assert.ok(names.length < 5000, "only the visible ones");
          for (const name of ["A1", "B1", "A2", "C3"]) assert.ok(names.includes(name), name);
          const last = names.at(-1)!;
          const [, column, row] = last.match(/^([A-Z]+)(\d+)$/)!;
          assert.equal(
            names.length,
            (column.charCodeAt(0) - 64) * Number(row),
            `A1..${last}, in rows`,
          );
        });

        await t.step("an element operation reaches the cell it names (focus on E7)", async () => {
          // A sheet's captured cells are its visible ones: E7's place among them is not its
          // place among the sheet's cells, which the operation must find it by.
          const r = await c.post("/api/tool/focus_element", {
            window_uid: uid,
            selector: 'Cell[name="E7"]',
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const tree = await eventually(deep, (tree) => cell(tree, "E7")?.focused === true);
          assert.equal(cell(tree, "E7")?.focused, true, "E7 focused");
        });

        await t.step("an element click on C3 gives it the focus", async () => {
          const r = await c.post("/api/element/click", {
            window_uid: uid,
            selector: 'Cell[name="C3"]',
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const tree = await eventually(deep, (tree) => cell(tree, "C3")?.focused === true);
          assert.equal(cell(tree, "C3")?.focused, true, "C3 focused");
        });

        await t.step("the OSWorld bridge types 42 into it", async () => {
          const r = await c.post("/api/pyautogui", { code: "pyautogui.typewrite('42\\n')" });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const holds = (e: Element | undefined) =>
            `${e?.value ?? ""} ${e?.text ?? ""}`.includes("42");
          const tree = await eventually(deep, (tree) => holds(cell(tree, "C3")));
          assert.ok(holds(cell(tree, "C3")), `C3 holds 42: ${JSON.stringify(cell(tree, "C3"))}`);
          assert.equal(cell(tree, "C4")?.focused, true, "Enter moved to C4");
        });
      } finally {
        await calc.kill();
      }
    });
  },
  { apps: [{ command: "localc", package: "libreoffice-calc" }] },
);
