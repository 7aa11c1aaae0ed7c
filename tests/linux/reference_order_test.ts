// Child order and membership against a reference: tests/linux/reference_walk.py
// walks the same frame straight over the accessibility bus (GetChildren, no
// libatspi cache), and the service's structure must list the same nodes in
// the same order — an element id is a path, so order is part of the answer.
// Covered: gtk3-widget-factory (a GTK3 header bar, whose box of window
// buttons libatspi's cache misplaces), mousepad (menus, a document) and a
// zenity entry dialog. Both name an unnamed field after its labelled-by
// relation, as a screen reader does.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/core/tree.ts";
import { serviceRole } from "../../adapters/linux/atspi/roles.ts";
import { accessibleStructure, desktopTest, uidOf, withLinuxService } from "./linux_service.ts";

const WALKER = new URL("./reference_walk.py", import.meta.url).pathname;

interface Reference {
  role: string;
  name: string;
  states: string[];
  children: Reference[];
}

/** One line per node, indented by depth: role and name, as the service reports them. */
function outline(node: Element, depth = 0): string[] {
  return [
    `${"  ".repeat(depth)}${node.role} ${JSON.stringify(node.name)}`,
    ...node.children.flatMap((c) => outline(c, depth + 1)),
  ];
}

function referenceOutline(node: Reference, depth = 0, isRoot = true): string[] {
  const role = serviceRole(
    node.role,
    node.states.includes("editable"),
    node.states.includes("multi_line"),
  );
  // The service names an unnamed (client-side decorated) frame after its window title.
  const name = isRoot ? null : node.name;
  return [
    `${"  ".repeat(depth)}${role} ${name === null ? "<root>" : JSON.stringify(name)}`,
    ...node.children.flatMap((c) => referenceOutline(c, depth + 1, false)),
  ];
}

async function referenceWalk(
  env: Record<string, string>,
  pid: number,
  title: string,
): Promise<Reference> {
  const out = await new Deno.Command("/usr/bin/python3", {
    args: [WALKER, String(pid), title],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

desktopTest(
  "Linux capture order, membership and names equal an uncached walk",
  async (t, desktop) => {
    const factory = await desktop.launch("gtk3-widget-factory");
    const mousepad = await desktop.launch("mousepad");
    const zenity = await desktop.launch("zenity", ["--entry", "--text=Name?"]);
    await withLinuxService(desktop, async (c) => {
      const apps = [["gtk3-widget-factory", factory], ["mousepad", mousepad], [
        "zenity --entry",
        zenity,
      ]] as const;
      for (const [label, app] of apps) {
        await t.step(label, async () => {
          const uid = uidOf(app.window);
          await accessibleStructure(c, uid);
          const structure = (await c.get(`/api/structure?window_uid=${uid}&depth=30`)).body;
          const tree = structure.tree as Element;
          const reference = await referenceWalk(desktop.env, app.pid, tree.name);
          const ours = outline(tree);
          ours[0] = ours[0].replace(/ ".*"$/, " <root>");
          assert.deepEqual(ours, referenceOutline(reference));
        });
      }
      await t.step('an unnamed entry is named by its label (zenity: "Name?")', async () => {
        const tree = (await c.get(`/api/structure?window_uid=${uidOf(zenity.window)}&depth=30`))
          .body.tree as Element;
        const entries: Element[] = [];
        const collect = (e: Element) => {
          if (e.role === "Edit") entries.push(e);
          e.children.forEach(collect);
        };
        collect(tree);
        assert.deepEqual(entries.map((e) => e.name), ["Name?"]);
      });
    });
  },
);
