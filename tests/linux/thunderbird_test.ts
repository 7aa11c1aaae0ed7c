// Thunderbird under Xvfb, over HTTP (issue 40), as OSWorld's mail tasks meet
// it: an offline profile with a local folder of mail, no account wizard and
// no network. The folder pane is opened by element verbs, the folder's
// messages are read, and a message is written in the compose window: fields
// typed by element verbs read back exactly, the body through the OSWorld
// bridge. The subject's set_value is the case where Gecko's EditableText
// answers yes and changes nothing: the verb reads the field back and types.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import { launchThunderbird, MAIL_SUBJECTS as SUBJECTS } from "./osworld_apps.ts";
import {
  type Client,
  desktopTest,
  eventually,
  findAll,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";

async function click(c: Client, uid: string, selector: string, verb = "click"): Promise<void> {
  const r = await c.post(`/api/element/${verb}`, { window_uid: uid, selector });
  assert.equal(r.status, 200, `${verb} ${selector}: ${JSON.stringify(r.body)}`);
}

const named = (tree: Element, role: string, name: string) =>
  findAll(tree, (e) => e.role === role && e.name === name);

desktopTest("Thunderbird: a local folder's mail read, a message composed", async (t, desktop) => {
  await withLinuxService(desktop, async (c) => {
    const thunderbird = await launchThunderbird(desktop);
    try {
      const uid = uidOf(thunderbird.window);

      await t.step("the local folder opens from the folder pane, its mail listed", async () => {
        await eventually(
          () => c.structure(uid),
          (tree) => named(tree, "TreeItem", "Local Folders").length > 0,
        );
        await click(c, uid, 'TreeItem[name="Local Folders"]', "double_click");
        await eventually(
          () => c.structure(uid),
          (tree) => named(tree, "TreeItem", "Inbox").length > 0,
        );
        await click(c, uid, 'TreeItem[name="Inbox"]');
        const subjects = (tree: Element) =>
          SUBJECTS.filter((s) => findAll(tree, (e) => e.name.includes(s)).length);
        const tree = await eventually(
          () => c.structure(uid),
          (tree) => subjects(tree).length === 3,
        );
        assert.deepEqual(subjects(tree), SUBJECTS);
      });

      await t.step("Gecko's actions read with their names, its wrappers fold away", async () => {
        // Gecko answers GetActions with each row's strings all equal to its key binding.
        const r = await c.get(`/api/structure?window_uid=${uid}&depth=64&detail=full`);
        const button = named(r.body.tree as Element, "Button", "New Message")[0];
        const actions = button?.actions ?? [];
        assert.ok(actions.length > 0, "New Message has an action");
        for (const a of actions) assert.ok(a.name !== "" && a.name !== a.key_binding, a.name);
        // Gecko's wrappers carry an ancestor's click and their children's placeholders: at the
        // default depth the view still reaches the folder pane and the toolbar's search field.
        const view = await c.get(`/api/structure?window_uid=${uid}`);
        const shallow = view.body.tree as Element;
        assert.ok(
          named(shallow, "Button", "New Message").length,
          "New Message at the default depth",
        );
        assert.ok(named(shallow, "Edit", "Search").length, "Search at the default depth");
      });

      let compose = "";
      await t.step("New Message opens the compose window; typed fields read back", async () => {
        await click(c, uid, 'Button[name="New Message"]');
        const listed = await eventually(
          () => c.windows(),
          (ws) => ws.some((w) => w.title.startsWith("Write:")),
        );
        compose = listed.find((w) => w.title.startsWith("Write:"))!.window_uid;
        await eventually(
          () => c.structure(compose),
          (tree) => named(tree, "Edit", "Subject").length > 0,
        );
        await click(c, compose, 'Edit[name="To"]', "focus");
        const to = await c.post("/api/tool/type_text", {
          window_uid: compose,
          text: "ada@example.test",
        });
        assert.equal(to.status, 200, JSON.stringify(to.body));
        const subject = "Re: Zoë's invoice — paid";
        const set = await c.post("/api/element/set_value", {
          window_uid: compose,
          selector: 'Edit[name="Subject"]',
          value: subject,
        });
        assert.equal(set.status, 200, JSON.stringify(set.body));
        const tree = await eventually(
          () => c.structure(compose),
          (tree) => named(tree, "Edit", "Subject")[0]?.value === subject,
        );
        assert.equal(named(tree, "Edit", "Subject")[0]?.value, subject);
        // Thunderbird turns a typed address into a pill once the field loses the focus.
        const pill = findAll(
          tree,
          (e) => e.role === "Group" && e.name.startsWith("ada@example.test:"),
        );
        assert.equal(pill.length, 1, "the recipient's pill");
      });

      await t.step("the body is written through the OSWorld bridge", async () => {
        await click(c, compose, 'Document[name="Message body"]');
        const r = await c.post("/api/pyautogui", {
          code: "pyautogui.write('Paid in full, thanks.')",
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const body = (tree: Element) =>
          findAll(named(tree, "Document", "Message body")[0] ?? tree, (e) => e.role === "Text")
            .map((e) => e.value ?? e.text ?? "").join("");
        const tree = await eventually(
          () => c.structure(compose),
          (tree) => body(tree).includes("Paid"),
        );
        assert.match(body(tree), /^Paid in full, thanks\./);
      });
    } finally {
      await thunderbird.kill();
    }
  });
}, { apps: [{ command: "thunderbird", package: "thunderbird" }] });
