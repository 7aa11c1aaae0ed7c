// Thunderbird under Xvfb, over HTTP (issue 40), as OSWorld's mail tasks meet
// it: an offline profile with a local folder of mail, no account wizard and
// no network. The folder pane is opened by element verbs, the folder's
// messages are read, and a message is written in the compose window: fields
// typed by element verbs read back exactly, the body through the OSWorld
// bridge. The subject's set_value is the case where Gecko's EditableText
// answers yes and changes nothing: the verb reads the field back and types.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import type { App, Desktop } from "./desktop.ts";
import {
  type Client,
  desktopTest,
  eventually,
  findAll,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";

const THUNDERBIRD = "/usr/lib/thunderbird/thunderbird";

/** An offline profile: Local Folders, one identity on a server never dialled, no first-run tabs. */
const PREFS: Record<string, string | number | boolean> = {
  "mail.accountmanager.accounts": "account1,account2",
  "mail.accountmanager.defaultaccount": "account2",
  "mail.accountmanager.localfoldersserver": "server1",
  "mail.account.account1.server": "server1",
  "mail.server.server1.directory-rel": "[ProfD]Mail/Local Folders",
  "mail.server.server1.hostname": "Local Folders",
  "mail.server.server1.name": "Local Folders",
  "mail.server.server1.type": "none",
  "mail.server.server1.userName": "nobody",
  "mail.account.account2.server": "server2",
  "mail.account.account2.identities": "id1",
  "mail.identity.id1.fullName": "Test User",
  "mail.identity.id1.useremail": "tester@example.test",
  "mail.identity.id1.valid": true,
  "mail.server.server2.type": "pop3",
  "mail.server.server2.hostname": "127.0.0.1",
  "mail.server.server2.port": 9,
  "mail.server.server2.name": "Test mail",
  "mail.server.server2.userName": "tester",
  "mail.server.server2.login_at_startup": false,
  "mail.server.server2.check_new_mail": false,
  "mail.server.server2.directory-rel": "[ProfD]Mail/127.0.0.1",
  // 3: always start offline.
  "offline.startup_state": 3,
  "mail.shell.checkDefaultClient": false,
  "mail.rights.version": 1,
  "mailnews.start_page.enabled": false,
  "mail.provider.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.reportingpolicy.firstRun": false,
  "app.donation.eoy.version.viewed": 999,
  "mail.inappnotifications.enabled": false,
};

const SUBJECTS = ["Quarterly report", "Lunch on Friday", "Zoë's invoice"];

function mbox(subjects: string[]): string {
  return subjects.map((subject, i) =>
    [
      `From - Mon Nov 23 10:0${i}:00 2026`,
      "From: Ada Lovelace <ada@example.test>",
      "To: tester@example.test",
      `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(subject)))}?=`,
      `Date: Mon, 23 Nov 2026 10:0${i}:00 +0000`,
      `Message-ID: <m${i}@example.test>`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=UTF-8",
      "",
      `Body of ${subject}.`,
      "",
      "",
    ].join("\n")
  ).join("");
}

async function launchThunderbird(desktop: Desktop): Promise<App> {
  const profile = `${desktop.env.HOME}/thunderbird`;
  await Deno.mkdir(`${profile}/Mail/Local Folders`, { recursive: true });
  const prefs = Object.entries(PREFS)
    .map(([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});\n`);
  await Deno.writeTextFile(`${profile}/user.js`, prefs.join(""));
  await Deno.writeTextFile(`${profile}/Mail/Local Folders/Inbox`, mbox(SUBJECTS));
  return await desktop.launch(THUNDERBIRD, ["--profile", profile, "--no-remote"]);
}

type Listed = { window_uid: string; title: string };

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

      let compose = "";
      await t.step("New Message opens the compose window; typed fields read back", async () => {
        await click(c, uid, 'Button[name="New Message"]');
        const listed = await eventually(
          async () => (await c.windows()) as unknown as Listed[],
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
