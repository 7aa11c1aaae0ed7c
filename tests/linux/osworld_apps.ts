// The applications of OSWorld's tasks beyond those the views are measured on
// (VIEW_APPS): how each is started on a test desktop, with what it needs
// there. Tests and bench/views.ts (--osworld) start them from here.

import { type App, type Desktop, launchOffice } from "./desktop.ts";

/** A local web page with a form, a status line, a table and a button below the first screen. */
export const FORM_PAGE = new URL("../fixtures/web/form.html", import.meta.url).href;

/**
 * Chromium showing `page` on a profile of its own in the desktop's home. Its
 * web content is accessible because the service switched the desktop's
 * accessibility on before it started, as a screen reader does: no flag.
 */
export function launchChromium(desktop: Desktop, page = FORM_PAGE): Promise<App> {
  return desktop.launch("chromium", [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--password-store=basic",
    `--user-data-dir=${desktop.env.HOME}/chromium`,
    page,
  ]);
}

/** Impress on an empty presentation: its template dialog, which a user meets first, switched off. */
export function launchImpressPresentation(desktop: Desktop): Promise<App> {
  return launchOffice(desktop, "impress", [
    ["/org.openoffice.Office.Impress/Misc/NewDoc", "AutoPilot", false],
  ]);
}

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

/** The subjects of the Inbox of Local Folders, in order. */
export const MAIL_SUBJECTS = ["Quarterly report", "Lunch on Friday", "Zoë's invoice"];

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

/** Thunderbird on an offline profile in the desktop's home, its Inbox holding three messages. */
export async function launchThunderbird(desktop: Desktop): Promise<App> {
  const profile = `${desktop.env.HOME}/thunderbird`;
  await Deno.mkdir(`${profile}/Mail/Local Folders`, { recursive: true });
  const prefs = Object.entries(PREFS)
    .map(([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});\n`);
  await Deno.writeTextFile(`${profile}/user.js`, prefs.join(""));
  await Deno.writeTextFile(`${profile}/Mail/Local Folders/Inbox`, mbox(MAIL_SUBJECTS));
  return await desktop.launch(THUNDERBIRD, ["--profile", profile, "--no-remote"]);
}

/**
 * GIMP 2.10, a GTK 2 program: GTK 2 loads its accessibility bridge only as a
 * module named in GTK_MODULES, which Debian's X session sets for every
 * session (libatk-adaptor's /etc/X11/Xsession.d/90atk-adaptor and
 * /etc/environment.d/90atk-adaptor.conf: "gail:atk-bridge"). A test desktop
 * is a bare Xvfb, so it sets what such a session would.
 */
export function launchGimp(desktop: Desktop): Promise<App> {
  desktop.env.GTK_MODULES = "gail:atk-bridge";
  return desktop.launch("gimp", ["--no-splash", "--no-fonts"]);
}

/**
 * What VLC's one root check reads, as a user's session would answer it: tests
 * run as root (CI does), and Debian's `vlc` refuses to start as root. This
 * library answers VLC's own first geteuid() with a user's id and every later
 * call (D-Bus's authentication among them) with the true one.
 */
const VLC_UID_SOURCE = `typedef unsigned int uid_t;
extern long syscall(long number, ...);
static int calls;
uid_t geteuid(void) {
  uid_t real = (uid_t) syscall(107);
  return calls++ == 0 && real == 0 ? 1000 : real;
}
`;

/** VLC (Qt 5) on an empty playlist, its first-run privacy question off. */
export async function launchVlc(desktop: Desktop): Promise<App> {
  if (Deno.uid() === 0) {
    const home = desktop.env.HOME;
    await Deno.writeTextFile(`${home}/vlc_uid.c`, VLC_UID_SOURCE);
    const built = await new Deno.Command("cc", {
      args: ["-shared", "-fPIC", "-nostdlib", "-o", `${home}/vlc_uid.so`, `${home}/vlc_uid.c`],
      stderr: "piped",
    }).output();
    if (!built.success) throw new Error(new TextDecoder().decode(built.stderr));
    desktop.env.LD_PRELOAD = `${home}/vlc_uid.so`;
  }
  try {
    return await desktop.launch("vlc", ["--no-qt-privacy-ask"]);
  } finally {
    delete desktop.env.LD_PRELOAD;
  }
}

/** The folder launchThunar shows, in the desktop's home (removed when the desktop stops). */
export function filesFolder(desktop: Desktop): string {
  return `${desktop.env.HOME}/files`;
}

/** Thunar on a folder of its own: a file, and a subfolder holding one. */
export async function launchThunar(desktop: Desktop): Promise<App> {
  const folder = filesFolder(desktop);
  await Deno.mkdir(`${folder}/reports`, { recursive: true });
  await Deno.writeTextFile(`${folder}/notes.txt`, "notes\n");
  await Deno.writeTextFile(`${folder}/reports/q3.txt`, "q3\n");
  return await desktop.launch("thunar", [folder]);
}

/** The OSWorld applications bench/views.ts measures with --osworld: a name and how to start it. */
export const OSWORLD_APPS: Array<[string, (desktop: Desktop) => Promise<App>]> = [
  ["Thunderbird", launchThunderbird],
  ["GIMP", launchGimp],
  ["Thunar", launchThunar],
  // A new terminal joins a running one over D-Bus unless told not to.
  ["xfce4-terminal", (d) => d.launch("xfce4-terminal", ["--disable-server"])],
  ["LibreOffice Calc", (d) => launchOffice(d, "calc")],
];

/** The rest of OSWorld's applications bench/apps.ts measures: web pages, Impress and VLC. */
export const MORE_OSWORLD_APPS: Array<[string, (desktop: Desktop) => Promise<App>]> = [
  ["Chromium (form page)", (d) => launchChromium(d)],
  ["LibreOffice Impress", launchImpressPresentation],
  ["VLC", launchVlc],
];

/** The desktop's opener (xdg-open) shows text files in Mousepad, as a desktop's settings would say. */
export async function openTextInMousepad(desktop: Desktop): Promise<void> {
  await Deno.mkdir(desktop.env.XDG_CONFIG_HOME, { recursive: true });
  await Deno.writeTextFile(
    `${desktop.env.XDG_CONFIG_HOME}/mimeapps.list`,
    "[Default Applications]\ntext/plain=org.xfce.mousepad.desktop\n",
  );
}
