// Element verbs look at their element again between checks by reading it and
// its ancestors (Adapter.readPath), not the window. On real windows the path
// read must give the boxes a capture gives — GTK 3, GTK 4 (window-relative
// coordinates) and LibreOffice (its embedded panes corrected) — and it must
// see a button move that GTK moves without a word to the accessibility bus.

import { strict as assert } from "node:assert";
import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import { type Adapter, asCapture } from "../../adapters/types.ts";
import { type Element, walk } from "../../lib/model/tree.ts";
import { launchWriter, withDesktopEnv } from "./desktop.ts";
import {
  accessibleStructure,
  client,
  desktopTest,
  eventually,
  findAll,
  startLinuxService,
  uidOf,
} from "./linux_service.ts";

const LIMITS = { maxDepth: 64, maxNodes: 20_000, timeoutMs: 30_000 };
const MOVING_BUTTONS = new URL("./moving_buttons.py", import.meta.url).pathname;
/** Nodes compared a window: spread over its tree in pre-order. */
const SAMPLE = 60;

/** Up to SAMPLE nodes with an area, spread over the tree, and `also` (found by `pick`). */
function sampleOf(root: Element, also: (e: Element) => boolean): Element[] {
  const shown: Element[] = [];
  walk(root, (e) => {
    if (e.bounds.width > 0 && e.bounds.height > 0) shown.push(e);
  });
  const step = Math.max(1, Math.floor(shown.length / SAMPLE));
  return [...shown.filter((_, i) => i % step === 0), ...findAll(root, also)];
}

async function capturedWithin(adapter: Adapter, handle: string, ready: (root: Element) => boolean) {
  return await eventually(
    async () => asCapture(await adapter.captureTree(handle, LIMITS))!.root,
    ready,
    120_000,
  );
}

/** Each sampled node's path read again equals the capture's nodes along it. */
async function assertPathsMatch(
  adapter: Adapter,
  handle: string,
  root: Element,
  also: (e: Element) => boolean,
  what: string,
) {
  const sample = sampleOf(root, also);
  assert.ok(sample.length >= 20, `${what}: ${sample.length} nodes to compare`);
  for (const node of sample) {
    const path = await adapter.readPath({ handle, elementId: node.id }, LIMITS);
    assert.ok(path, `${what}: ${node.id} (${node.role} '${node.name}') read again`);
    let captured = root;
    for (const [level, read] of path.entries()) {
      if (level > 0) captured = captured.children[Number(read.id.split(".").at(-1))];
      const where =
        `${what}: ${read.id} (${captured.role} '${captured.name}') on ${node.id}'s path`;
      assert.equal(read.id, captured.id, where);
      assert.equal(read.role, captured.role, where);
      assert.deepEqual(read.bounds, captured.bounds, where);
      assert.equal(read.enabled, captured.enabled, where);
      assert.equal(read.states?.showing, captured.states?.showing, where);
      assert.deepEqual(read.children, [], `${where}: read without children`);
    }
    assert.equal(path.at(-1)!.name, node.name, `${what}: ${node.id} named as captured`);
  }
}

desktopTest(
  "a path read gives a capture's boxes: GTK 3, GTK 4 and LibreOffice Writer",
  async (t, desktop) => {
    const factory = await desktop.launch("gtk3-widget-factory");
    const calculator = await desktop.launch("gnome-calculator");
    const writer = await launchWriter(desktop);
    await withDesktopEnv(desktop.env, async () => {
      const adapter = await createLinuxAdapter({});
      try {
        await t.step("gtk3-widget-factory", async () => {
          const handle = factory.window.toString();
          const root = await capturedWithin(adapter, handle, (r) => r.children.length > 0);
          await assertPathsMatch(adapter, handle, root, () => false, "GTK 3");
        });
        await t.step("gnome-calculator (GTK 4, window-relative coordinates)", async () => {
          const handle = calculator.window.toString();
          // The adapter's own name: GTK 4 names a button after its label twice ("7 7").
          const seven = (e: Element) => e.role === "Button" && /^7( 7)?$/.test(e.name);
          const root = await capturedWithin(adapter, handle, (r) => findAll(r, seven).length > 0);
          assert.equal(findAll(root, seven).length, 1, "the 7 key");
          await assertPathsMatch(adapter, handle, root, seven, "GTK 4");
        });
        await t.step("LibreOffice Writer (its toolbars' boxes corrected)", async () => {
          const handle = writer.window.toString();
          const bold = (e: Element) => e.role === "Button" && e.name === "Bold";
          const root = await capturedWithin(adapter, handle, (r) => findAll(r, bold).length > 0);
          assert.equal(findAll(root, bold).length, 1, "the Bold button");
          await assertPathsMatch(adapter, handle, root, bold, "Writer");
        });
        await t.step("an id that names nothing is null", async () => {
          const handle = factory.window.toString();
          assert.equal(await adapter.readPath({ handle, elementId: "root.999" }, LIMITS), null);
          assert.equal(await adapter.readPath({ handle, elementId: "button-1" }, LIMITS), null);
        });
      } finally {
        await adapter.close();
      }
    });
  },
);

desktopTest(
  "element verbs wait for a moving button to stay, and refuse one that never does",
  async (t, desktop) => {
    const app = await desktop.launch("/usr/bin/python3", [MOVING_BUTTONS]);
    const service = await startLinuxService(desktop);
    const c = client(service);
    const uid = uidOf(app.window);
    const counts = async () => {
      const tree = await c.structure(uid);
      return findAll(tree, (e) => e.role === "Text" && e.name.startsWith("Runaway "))[0]?.name;
    };
    try {
      await accessibleStructure(c, uid);
      await t.step("a button that keeps moving: ElementNotStable, nothing clicked", async () => {
        const r = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Button[name="Runaway"]',
          timeout_ms: 1500,
        });
        assert.equal(r.status, 409, JSON.stringify(r.body));
        const error = r.body.error as { code: string; context: { check: string } };
        assert.equal(error.code, "ElementNotStable", JSON.stringify(r.body));
        assert.equal(error.context.check, "moving");
        assert.equal(await counts(), "Runaway 0, Settling 0");
      });
      await t.step("a button that moves a while: clicked where it came to rest", async () => {
        const shake = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Button[name="Shake"]',
        });
        assert.equal(shake.status, 200, JSON.stringify(shake.body));
        const r = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Button[name="Settling"]',
          timeout_ms: 30_000,
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const label = await eventually(counts, (text) => text === "Runaway 0, Settling 1");
        assert.equal(label, "Runaway 0, Settling 1");
      });
    } finally {
      await service.stop();
      await app.kill();
    }
  },
);
