// OSWorld task files of our own on real GTK applications under Xvfb, each run
// by the agent loop (lib/osworld/interfaces/agent) against the real service and a local
// chat-completions server that checks every request and replies with a
// scripted sequence: a correct one must score 1 and a wrong one 0, in both
// action spaces. Setup launches the app or opens a file with the desktop's
// opener (and, with osworld.allow_commands, runs a shell step); evaluation
// reads files (vm_file), command output (vm_command_line) and the
// accessibility XML (check_accessibility_tree).

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { runAgent } from "../../lib/osworld/interfaces/agent/loop.ts";
import type { ActionSpace, ObservationType } from "../../lib/osworld/interfaces/agent/prompts.ts";
import { ServiceClient } from "../../lib/osworld/interfaces/agent/service_client.ts";
import { type Reply, startChatServer } from "../helpers/chat_server.ts";
import { startService } from "../helpers/service.ts";
import { getJson } from "../helpers/http.ts";
import { desktopTest, eventually, findAll, TEST_CONFIG } from "./linux_service.ts";
import { openTextInMousepad } from "./osworld_apps.ts";
import type { Element } from "../../lib/model/tree.ts";

const TASKS = new URL("../fixtures/osworld/tasks/", import.meta.url).pathname;
const MODEL = "scripted-model";

const py = (code: string) => `Acting.\n\`\`\`python\n${code}\n\`\`\``;
const json = (actions: unknown) => `Acting.\n\`\`\`json\n${JSON.stringify(actions)}\n\`\`\``;

/** Mousepad's Save As dialog is on screen (its name field's label). */
const saveDialogOpen = (obs: string) => obs.includes("\tName:\t");

/**
 * DONE once the Save As dialog has closed. While it still shows `file` typed
 * in, Enter is pressed again, as a person would: GTK's file chooser sometimes
 * takes the first Enter for its path completion rather than for Save.
 */
const doneWhenSaved = (file: string, enter: string) => (obs: string) =>
  !saveDialogOpen(obs) ? "DONE" : obs.includes(file) ? { again: enter } : null;

/**
 * The task's application has a focused window with a focused element inside
 * (see watchApp): the setup's fixed sleep is not enough on a busy
 * machine, and keys sent before the window takes them are lost.
 */
type AppReady = () => boolean;

/** `reply` once the application is ready, WAIT until then. */
const whenReady = (ready: AppReady, reply: string): Reply => () => ready() ? reply : null;

/** Type `text`, save as `file` through the dialog, wait for it to close, DONE: pyautogui. */
function saveScriptPy(text: string, file: string, ready: AppReady): Reply[] {
  return [
    whenReady(
      ready,
      py(`pyautogui.write(${JSON.stringify(text)})\npyautogui.hotkey('ctrl', 'shift', 's')`),
    ),
    (obs) =>
      saveDialogOpen(obs)
        ? py(`pyautogui.hotkey('ctrl', 'a')\npyautogui.write('${file}')\npyautogui.press('enter')`)
        : null,
    doneWhenSaved(file, py("pyautogui.press('enter')")),
  ];
}

/** The same in computer_13. */
function saveScript13(text: string, file: string, ready: AppReady): Reply[] {
  return [
    whenReady(
      ready,
      json([
        { action_type: "TYPING", parameters: { text } },
        { action_type: "HOTKEY", parameters: { keys: ["ctrl", "shift", "s"] } },
      ]),
    ),
    (obs) =>
      saveDialogOpen(obs)
        ? json([
          { action_type: "HOTKEY", parameters: { keys: ["ctrl", "a"] } },
          { action_type: "TYPING", parameters: { text: file } },
          { action_type: "PRESS", parameters: { key: "enter" } },
        ])
        : null,
    doneWhenSaved(file, json([{ action_type: "PRESS", parameters: { key: "enter" } }])),
  ];
}

/** The index of the first set-of-marks line whose name matches `name`, or null. */
function markNamed(observation: string, name: RegExp): number | null {
  for (const line of observation.split("\n")) {
    const [index, , lineName] = line.split("\t");
    if (/^\d+$/.test(index) && name.test(lineName ?? "")) return Number(index);
  }
  return null;
}

/** The same as saveScriptPy through the File menu, clicking set-of-marks tags. */
function saveScriptSom(text: string, file: string): Reply[] {
  const clickMark = (name: RegExp) => (obs: string) => {
    const mark = markNamed(obs, name);
    return mark === null ? null : py(`pyautogui.click(tag_${mark})`);
  };
  return [
    (obs) => {
      const file = markNamed(obs, /^File$/);
      return file === null
        ? null
        : py(`pyautogui.write(${JSON.stringify(text)})\npyautogui.click(tag_${file})`);
    },
    clickMark(/^Save As/),
    ...saveScriptPy(text, file, () => true).slice(1),
  ];
}

/** Mousepad's editor holds lines.txt's text (its a11y table row). */
const LINES_OPEN = /^text\t[^\t]*\tfirst\n/m;

/** lines.txt is open in Mousepad: type `text` at the start or end of the document, save. */
const lineScript = (where: "home" | "end", text: string) => ({
  pyautogui: (): Reply[] => [
    (obs) =>
      LINES_OPEN.test(obs)
        ? py(
          `pyautogui.hotkey('ctrl', '${where}')\npyautogui.write(${JSON.stringify(text)})\n` +
            "pyautogui.hotkey('ctrl', 's')",
        )
        : null,
    "DONE",
  ],
  computer_13: (): Reply[] => [
    (obs) =>
      LINES_OPEN.test(obs)
        ? json([
          { action_type: "HOTKEY", parameters: { keys: ["ctrl", where] } },
          { action_type: "TYPING", parameters: { text } },
          { action_type: "HOTKEY", parameters: { keys: ["ctrl", "s"] } },
        ])
        : null,
    "DONE",
  ],
});

// gnome-calculator's scripts type, then say DONE once the display shows the
// result they expect (a correct agent looks before it says it is done; a wrong
// one does not): on a busy machine the calculator shows it a while after the
// keys, and the task is scored at DONE.
const calculatorScript = (input: string, result: string | null) => {
  const done = (app: AppWatch): Reply =>
    result === null ? "DONE" : whenReady(app.shows(result), "DONE");
  return {
    pyautogui: (_dir: string, app: AppWatch): Reply[] => [
      whenReady(
        app.ready,
        py(`pyautogui.write(${JSON.stringify(input)})\npyautogui.press('enter')`),
      ),
      done(app),
    ],
    computer_13: (_dir: string, app: AppWatch): Reply[] => [
      whenReady(
        app.ready,
        json([
          { action_type: "TYPING", parameters: { text: input } },
          { action_type: "PRESS", parameters: { key: "enter" } },
        ]),
      ),
      done(app),
    ],
  };
};

type Scripts = Record<ActionSpace, (dir: string, app: AppWatch) => Reply[]>;

/**
 * A task with a correct and a wrong script in each action space, and the
 * observation type each space's runs use (all four are covered).
 */
interface TaskScripts {
  task: string;
  /** The title of the application's window the setup opens. */
  app: RegExp;
  observation: Record<ActionSpace, ObservationType>;
  correct: Scripts;
  wrong: Scripts;
  /** Files the task's runs write or read in the test's folder (removed after each run). */
  files: string[];
  /** Puts the task's starting files in place. */
  prepare?: (dir: string) => Promise<void>;
}

const TASK_SCRIPTS: TaskScripts[] = [
  {
    task: "oso-mousepad-save",
    app: /Mousepad/,
    observation: { pyautogui: "som", computer_13: "a11y_tree" },
    correct: {
      pyautogui: (dir) => saveScriptSom("hello osworld", `${dir}/note.txt`),
      computer_13: (dir, app) => saveScript13("hello osworld", `${dir}/note.txt`, app.ready),
    },
    wrong: {
      pyautogui: (dir) => saveScriptSom("hello world", `${dir}/note.txt`),
      computer_13: (dir, app) => saveScript13("hello world", `${dir}/note.txt`, app.ready),
    },
    files: ["note.txt"],
  },
  {
    task: "oso-mousepad-command",
    app: /Mousepad/,
    observation: { pyautogui: "a11y_tree", computer_13: "screenshot_a11y_tree" },
    correct: {
      pyautogui: (dir, app) => saveScriptPy("alpha beta", `${dir}/words.txt`, app.ready),
      computer_13: (dir, app) => saveScript13("alpha beta", `${dir}/words.txt`, app.ready),
    },
    wrong: {
      pyautogui: (dir, app) => saveScriptPy("alpha gamma beta", `${dir}/words.txt`, app.ready),
      computer_13: (dir, app) => saveScript13("alpha\nbeta", `${dir}/words.txt`, app.ready),
    },
    files: ["words.txt"],
  },
  {
    task: "oso-mousepad-lines",
    app: /Mousepad/,
    observation: { pyautogui: "a11y_tree", computer_13: "screenshot_a11y_tree" },
    correct: lineScript("end", "second\n"),
    wrong: lineScript("home", "second\n"),
    files: ["lines.txt"],
    prepare: (dir) => Deno.writeTextFile(`${dir}/lines.txt`, "first\n"),
  },
  {
    task: "oso-calculator-product",
    app: /Calculator/,
    observation: { pyautogui: "a11y_tree", computer_13: "screenshot" },
    correct: calculatorScript("7*6", "42"),
    wrong: calculatorScript("7+6", null),
    files: [],
  },
  {
    task: "oso-calculator-sum",
    app: /Calculator/,
    observation: { pyautogui: "screenshot_a11y_tree", computer_13: "a11y_tree" },
    correct: calculatorScript("12+33", "45"),
    wrong: calculatorScript("12-33", null),
    files: [],
  },
  {
    task: "oso-mousepad-infeasible",
    app: /Mousepad/,
    observation: { pyautogui: "screenshot", computer_13: "som" },
    correct: {
      pyautogui: () => ["Mousepad cannot sign documents.\n```python\nFAIL\n```"],
      computer_13: () => ['There is no such feature or key.\n```json\n"FAIL"\n```'],
    },
    wrong: {
      pyautogui: () => [py("pyautogui.hotkey('ctrl', 'p')"), "DONE"],
      computer_13: () => [json([{ action_type: "PRESS", parameters: { key: "f10" } }]), "DONE"],
    },
    files: [],
  },
];

interface Case {
  task: TaskScripts;
  space: ActionSpace;
  kind: "correct" | "wrong";
}

// Each space's wrong run goes before its correct one, and a wrong run leaves a
// state that fails the check (a wrong result on the calculator's display, a
// wrong file), so no correct run can pass on what an earlier one left.
const ONLY = Deno.env.get("OSO_TASK_CASE");
const CASES: Case[] = TASK_SCRIPTS.flatMap((task) =>
  (["pyautogui", "computer_13"] as const).flatMap((space) =>
    (["wrong", "correct"] as const).map((kind) => ({ task, space, kind }))
  )
).filter((c) => !ONLY || `${c.task.task}/${c.space}`.startsWith(ONLY));

async function treeOf(url: string, uid: string): Promise<Element | null> {
  const r = await getJson(`${url}/api/structure?window_uid=${uid}&depth=64&detail=full`)
    .catch(() => null);
  return r?.status === 200 ? r.body.tree as Element : null;
}

/** The scripts' view of the task's application, polled over HTTP in the background until `stop`. */
interface AppWatch {
  /** A window whose title matches is active for its toolkit too, with a focused element inside. */
  ready: AppReady;
  /** The same window shows `text` (an element's name, text or value): a result is on screen. */
  shows(text: string): AppReady;
  /** What the window showed at the last poll (its texts and values), for a failure's message. */
  lastSeen(): string;
  stop(): void;
}

function watchApp(url: string, title: RegExp): AppWatch {
  let ready = false;
  let stopped = false;
  const wanted = new Map<string, boolean>();
  let seen = "no window yet";
  (async () => {
    while (!stopped) {
      const listed = await getJson(`${url}/api/windows`).catch(() => null);
      const windows = (listed?.body.windows ?? []) as Array<
        { title: string; focused: boolean; keyboard_focus: boolean; window_uid: string }
      >;
      // Active for the window manager, and holding the X input focus (where keys go).
      const window = windows.find((w) => w.focused && w.keyboard_focus && title.test(w.title));
      const tree = window ? await treeOf(url, window.window_uid) : null;
      // The window manager calls a new window active before its toolkit has taken the focus
      // (GTK sets ACTIVE on its frame then) and focused a widget in it: keys sent earlier are lost.
      ready ||= tree !== null && tree.states?.active === true &&
        findAll(tree, (e) => e.focused).length > 0;
      if (tree !== null) {
        const texts = findAll(tree, (e) => Boolean(e.value || e.text))
          .map((e) => `${e.role} ${JSON.stringify(e.value || e.text)}`);
        seen = `${window!.title}: ${texts.slice(0, 20).join(", ")}`;
      } else {
        const focus = windows.map((w) =>
          `${w.title} (active ${w.focused}, keys ${w.keyboard_focus})`
        );
        seen = `no ready window among ${focus.join(", ")}`;
      }
      for (const text of wanted.keys()) {
        const shown = (e: Element) => e.name === text || e.text === text || e.value === text;
        if (tree !== null && findAll(tree, shown).length > 0) wanted.set(text, true);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    ready: () => ready,
    shows: (text) => {
      if (!wanted.has(text)) wanted.set(text, false);
      return () => wanted.get(text) === true;
    },
    lastSeen: () => seen,
    stop: () => void (stopped = true),
  };
}

async function taskFile(name: string, dir: string): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(`${TASKS}${name}.json`);
  return JSON.parse(text.replaceAll("@DIR@", dir));
}

const TASK_APPS = new Set(["mousepad", "gnome-calculator", "gnome-calculato"]);

/**
 * Pids of the tasks' apps on this desktop only (other tests run the same apps
 * on desktops of their own), from /proc; comm is cut at 15 characters.
 */
async function taskAppPids(display: string): Promise<number[]> {
  const pids: number[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const comm = await Deno.readTextFile(`/proc/${entry.name}/comm`).catch(() => "");
    if (!TASK_APPS.has(comm.trim())) continue;
    const environ = await Deno.readTextFile(`/proc/${entry.name}/environ`).catch(() => "");
    if (environ.split("\0").includes(`DISPLAY=${display}`)) pids.push(Number(entry.name));
  }
  return pids;
}

/**
 * Ends the task's app for good, windows included: mousepad and gnome-calculator
 * are single-instance, and a window still mapped is one the next case's agent
 * would find ready and type into. A killed process's pid leaves the app list
 * (its memory, environment included, goes first) before its X connection
 * closes and the window manager lets its window go, which under load takes
 * seconds: the next case waits for the window list, as the agent sees it.
 */
async function killApps(display: string, url: string): Promise<void> {
  const killed = new Set<number>();
  const gone = async () => {
    const pids = await taskAppPids(display);
    for (const pid of pids) {
      killed.add(pid);
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    const listed = await getJson(`${url}/api/windows`).catch(() => null);
    const windows = (listed?.body.windows ?? []) as Array<{ pid: number }>;
    return pids.length === 0 && listed?.status === 200 && !windows.some((w) => killed.has(w.pid));
  };
  assert.ok(
    await eventually(gone, (done) => done),
    "the task's app or its window outlived SIGKILL",
  );
}

desktopTest(
  "OSWorld tasks on real GTK apps: scripted agents score 1 when right, 0 when wrong",
  async (t, desktop) => {
    const dir = await Deno.makeTempDir({ prefix: "oso-tasks-" });
    // `open` goes through xdg-open, which finds the text editor here.
    await openTextInMousepad(desktop);
    const service = await startService({
      mock: false,
      env: desktop.env,
      config: { ...TEST_CONFIG, osworld: { allow_commands: true, file_dirs: [dir] } },
    });
    try {
      for (const c of CASES) {
        const score = c.kind === "correct" ? 1 : 0;
        const observation = c.task.observation[c.space];
        await t.step(`${c.task.task} ${c.space}/${observation} ${c.kind} → ${score}`, async () => {
          await c.task.prepare?.(dir);
          const app = watchApp(service.url, c.task.app);
          const chatServer = startChatServer(c.task[c.kind][c.space](dir, app), {
            model: MODEL,
            observation,
          });
          try {
            const outcome = await runAgent({
              task: await taskFile(c.task.task, dir),
              service: new ServiceClient(service.url),
              model: {
                baseUrl: chatServer.url,
                model: MODEL,
                apiKey: null,
                temperature: 0,
                maxTokens: 500,
                timeoutMs: 10_000,
              },
              observation,
              actionSpace: c.space,
              // Enough turns that waiting for a slow screen never runs out of them; the
              // chat server bounds a wait by time (FAIL after 60 s without the screen).
              maxSteps: 200,
              trajectoryLength: 1,
              maxTableTokens: 4000,
              settleMs: 300,
              resultDir: join(dir, "results"),
              domain: null,
            });
            const traj = await Deno.readTextFile(join(outcome.dir, "traj.jsonl"));
            assert.deepEqual(
              chatServer.problems,
              [],
              `the window showed ${app.lastSeen()}\n${traj}`,
            );
            // Every scripted reply was given: a wrong run scores 0 for what it did, not for stalling.
            assert.ok(
              chatServer.finished(),
              `the script stalled after ${chatServer.requests.length} turns`,
            );
            // The one retry allowed: an action repeated until the screen shows it worked
            // (GTK's file chooser sometimes takes Enter for path completion). Counted, reported.
            if (chatServer.repeats() > 0) {
              console.error(
                `${c.task.task} ${c.space} ${c.kind}: an action repeated ${chatServer.repeats()} ` +
                  "time(s) until the screen showed it done",
              );
            }
            assert.equal(outcome.score, score, `${JSON.stringify(outcome)}\n${traj}`);
            const result = await Deno.readTextFile(join(outcome.dir, "result.txt"));
            assert.equal(result, `${score}\n`);
          } finally {
            app.stop();
            await chatServer.stop();
            await killApps(desktop.display, service.url);
            for (const name of c.task.files) await Deno.remove(join(dir, name)).catch(() => {});
          }
        });
      }
    } finally {
      await service.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
);
