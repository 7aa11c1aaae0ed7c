// The live mirror against the truth (issue 21): random changes made through
// XTest in gtk3-widget-factory and mousepad for a minute (toggles, tabs,
// typing, combo popups and menus opened and closed, dialogs, window resizes);
// after every step the mirror's answer must equal a fresh walk of the window
// (at once, or once the host's check has walked it again: within 10 s), or the
// test fails with the step, the action and the first difference.

import { strict as assert } from "node:assert";
import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import { type Adapter, asCapture, type Capture } from "../../adapters/types.ts";
import { center, type Element } from "../../lib/model/tree.ts";
import { replaceSubtrees } from "../../lib/model/tree_patch.ts";
import { type App, withDesktopEnv } from "./desktop.ts";
import { desktopTest, findAll } from "./linux_service.ts";

const LIMITS = { maxDepth: 64, maxNodes: 20000, timeoutMs: 10000 };
/** Each app's share of the minute. */
const RUN_MS = 30_000;
/** A window is quiet when two walks this far apart are equal. */
const QUIET_MS = 300;
/** How long a step's answer may lag a walk: a check of a big window on a loaded machine. */
const CATCH_UP_MS = 10_000;

/** A small seeded generator (mulberry32): a failing run can be repeated with its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first place two trees differ, as a path of ids and the two JSON texts there. */
function firstDifference(a: Element, b: Element, path = a.id): string | null {
  const { children: ac, ...af } = a;
  const { children: bc, ...bf } = b;
  if (JSON.stringify(af) !== JSON.stringify(bf)) {
    return `${path}: mirror ${JSON.stringify(af)}\n  walk ${JSON.stringify(bf)}`;
  }
  if (ac.length !== bc.length) {
    return `${path}: mirror has ${ac.length} children, walk ${bc.length}`;
  }
  for (let i = 0; i < ac.length; i++) {
    const found = firstDifference(ac[i], bc[i], `${path} > ${ac[i].id}`);
    if (found !== null) return found;
  }
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Step {
  name: string;
  run: () => Promise<unknown>;
}

class Driver {
  version: string | undefined;
  /** Answers that were patches of the tree held. */
  patches = 0;
  /** The mirror's last answer (an `unchanged` answer means this one). */
  mirrored!: Capture;
  /** The last settled walk: where the steps find what to click. */
  tree!: Capture;
  constructor(readonly adapter: Adapter, readonly handle: string, readonly pick: () => number) {}

  /** The mirror's answer. */
  async mirror(): Promise<Capture> {
    const answer = await this.adapter.captureTree(this.handle, LIMITS, {
      mirror: true,
      known: this.version,
    });
    assert.ok(answer !== null, "no tree");
    if ("root" in answer) {
      this.mirrored = answer;
      this.version = answer.version;
    } else if ("subtrees" in answer) {
      // As the service does: the tree it holds, with the subtrees that changed.
      assert.equal(answer.base, this.version);
      const root = replaceSubtrees(this.mirrored.root, answer.subtrees);
      assert.ok(root !== null, "a patch of nodes the tree does not have");
      const { subtrees: _, base: __, ...counts } = answer;
      this.mirrored = { ...counts, root };
      this.version = answer.version;
      this.patches++;
    }
    return this.mirrored;
  }

  /** A walk of the window, the truth the mirror is held to. */
  async walk(): Promise<Capture> {
    return asCapture(await this.adapter.captureTree(this.handle, LIMITS))!;
  }

  /**
   * Waits until the window stops changing as walks see it: two walks QUIET_MS
   * apart are equal (at most 5 s; animations end, events arrive). Returns the last walk.
   */
  async settle(): Promise<Capture> {
    const deadline = Date.now() + 5000;
    let last = await this.walk();
    while (Date.now() < deadline) {
      // Asked meanwhile, as an agent's wait loop asks: the mirror patches what events marked.
      for (const end = Date.now() + QUIET_MS; Date.now() < end;) {
        await this.mirror();
        await sleep(20);
      }
      const now = await this.walk();
      if (firstDifference(now.root, last.root) === null) return now;
      last = now;
    }
    return last;
  }

  one<T>(list: T[]): T | null {
    return list.length === 0 ? null : list[Math.floor(this.pick() * list.length)];
  }

  showing(test: (e: Element) => boolean): Element[] {
    return findAll(
      this.tree.root,
      (e) =>
        e.states?.showing === true && e.enabled && e.bounds.width > 4 && e.bounds.height > 4 &&
        test(e),
    );
  }

  click(e: Element, count = 1): Promise<unknown> {
    const { x, y } = center(e.bounds);
    return this.adapter.input({ kind: "click", x, y, button: "left", count }, this.handle);
  }

  /** Opens a popup or menu by clicking `opener`, then closes it with Escape. */
  async openAndClose(opener: Element | null): Promise<void> {
    if (!opener) return;
    await this.click(opener);
    await sleep(200);
    await this.keys("escape");
  }

  keys(...combo: string[]): Promise<unknown> {
    return this.adapter.input({ kind: "keys", combo }, this.handle);
  }

  text(text: string): Promise<unknown> {
    return this.adapter.input({ kind: "text", text }, this.handle);
  }

  word(): string {
    return Array.from(
      { length: 1 + Math.floor(this.pick() * 6) },
      () => "abcdefghijklmnopqrstuvwxyz "[Math.floor(this.pick() * 27)],
    ).join("");
  }

  /** Double-clicks the title (or header) bar: the window maximizes or restores. */
  async resize(): Promise<void> {
    const window = (await this.adapter.listWindows()).find((w) => w.handle === this.handle)!;
    const { x, y, width } = window.bounds;
    await this.adapter.input(
      { kind: "click", x: x + Math.round(width / 2), y: y + 10, button: "left", count: 2 },
      this.handle,
    );
  }
}

const NOT_CLOSING = (e: Element) => !/close|quit|exit/i.test(e.name);

function factorySteps(d: Driver): Step[] {
  return [
    {
      name: "toggle",
      run: async () => {
        const box = d.one(
          d.showing((e) =>
            (["CheckBox", "RadioButton"].includes(e.role) || e.platform_role === "toggle button") &&
            NOT_CLOSING(e)
          ),
        );
        if (box) await d.click(box);
      },
    },
    {
      name: "switch tab",
      run: async () => {
        const tab = d.one(d.showing((e) => e.role === "TabItem"));
        if (tab) await d.click(tab);
      },
    },
    {
      name: "type",
      run: async () => {
        const entry = d.one(d.showing((e) => e.role === "Edit" && e.states?.editable === true));
        if (!entry) return;
        await d.click(entry);
        await d.text(d.word());
      },
    },
    {
      name: "open and close a popup",
      run: () => d.openAndClose(d.one(d.showing((e) => e.role === "ComboBox"))),
    },
    {
      name: "expand",
      run: async () => {
        const expander = d.one(d.showing((e) => e.expanded !== undefined && NOT_CLOSING(e)));
        if (expander) await d.click(expander);
      },
    },
    { name: "resize", run: () => d.resize() },
  ];
}

function mousepadSteps(d: Driver): Step[] {
  return [
    { name: "type", run: () => d.text(d.word()) },
    { name: "new line", run: () => d.keys("enter") },
    { name: "undo", run: () => d.keys("ctrl", "z") },
    {
      name: "open and close a menu",
      run: () => d.openAndClose(d.one(d.showing((e) => e.platform_role === "menu"))),
    },
    {
      name: "open and close the find dialog",
      run: async () => {
        await d.keys("ctrl", "f");
        await sleep(300);
        await d.keys("escape");
      },
    },
    { name: "resize", run: () => d.resize() },
  ];
}

/** Drives random steps for RUN_MS; after each, the mirror's answer must equal a fresh walk. */
async function compareForAWhile(
  adapter: Adapter,
  app: App,
  steps: (d: Driver) => Step[],
  seed: number,
): Promise<{ steps: number; changed: number; unchanged: number; late: number; patches: number }> {
  const d = new Driver(adapter, app.window.toString(), random(seed));
  const deadline = Date.now() + RUN_MS;
  const choices = steps(d);
  // late: steps whose first answer lagged the walk (a check caught up).
  const tally = { steps: 0, changed: 0, unchanged: 0, late: 0 };
  // Keys and clicks go to the window with the focus.
  await adapter.activate(d.handle);
  await d.mirror();
  d.tree = await d.settle();
  while (Date.now() < deadline) {
    const step = d.one(choices)!;
    const before = d.version;
    await step.run();
    let walked = await d.settle();
    let mirrored = await d.mirror();
    // What the toolkit left unannounced waits for the host's check, whose gap grows with what
    // a walk costs (on a loaded machine, ~2 s): the mirror is asked until then, as a caller
    // polling would. A change between the settled walk and the answer is no verdict: settle again.
    const lateUntil = Date.now() + CATCH_UP_MS;
    if (firstDifference(mirrored.root, walked.root) !== null) tally.late++;
    while (firstDifference(mirrored.root, walked.root) !== null && Date.now() < lateUntil) {
      await sleep(50);
      const again = await d.walk();
      if (firstDifference(again.root, walked.root) !== null) walked = await d.settle();
      mirrored = await d.mirror();
    }
    if (d.version === before) tally.unchanged++;
    else tally.changed++;
    const difference = firstDifference(mirrored.root, walked.root);
    assert.equal(
      difference,
      null,
      `seed ${seed}, step ${tally.steps} (${step.name}): the mirror differs from a walk at ` +
        `${difference}`,
    );
    d.tree = walked;
    tally.steps++;
  }
  // Still answering from the mirror: a run that fell back to walks would prove nothing. The
  // last steps may have shown a widget (the window is walked whole for a second after, while
  // it may still slide) or started an animation: the mirror must answer again once the window
  // is quiet, within CATCH_UP_MS.
  const answers: string[] = [];
  const until = Date.now() + CATCH_UP_MS;
  for (;;) {
    await d.settle();
    await d.mirror();
    const again = await adapter.captureTree(d.handle, LIMITS, { mirror: true, known: d.version });
    if (again !== null && "unchanged" in again) break;
    answers.push(again === null ? "null" : `version ${again.version} after ${d.version}`);
    assert.ok(Date.now() < until, `the mirror no longer answers: ${answers.join(", ")}`);
  }
  return { ...tally, patches: d.patches };
}

desktopTest(
  "Linux mirror: a minute of random changes in real apps, each answered as a fresh walk sees it",
  async (t, desktop) => {
    const factory = await desktop.launch("gtk3-widget-factory");
    const mousepad = await desktop.launch("mousepad");
    const seed = Number(Deno.env.get("OSO_MIRROR_SEED") ?? Date.now() % 100_000);
    await withDesktopEnv(desktop.env, async () => {
      const adapter = await createLinuxAdapter({});
      let patches = 0;
      try {
        await t.step("gtk3-widget-factory", async () => {
          const tally = await compareForAWhile(adapter, factory, factorySteps, seed);
          console.log(`widget-factory, seed ${seed}: ${JSON.stringify(tally)}`);
          assert.ok(tally.steps >= 20, `only ${tally.steps} steps`);
          assert.ok(tally.changed > 0, "no step changed the tree");
          patches += tally.patches;
        });
        await t.step("mousepad", async () => {
          const tally = await compareForAWhile(adapter, mousepad, mousepadSteps, seed);
          console.log(`mousepad, seed ${seed}: ${JSON.stringify(tally)}`);
          assert.ok(tally.steps >= 20, `only ${tally.steps} steps`);
          assert.ok(tally.changed > 0, "no step changed the tree");
          patches += tally.patches;
        });
        // Most of widget-factory's changes come whole (shown widgets settling, checks finding
        // what GTK left unannounced); typing in mousepad is patched.
        assert.ok(patches > 0, "no answer was a patch");
      } finally {
        await adapter.close();
      }
    });
  },
);
