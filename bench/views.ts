// Views on real windows (issue 13), over HTTP: for each window, how many of
// its needed controls the default structure, observe, description and
// compact answers contain; clickability from the sketch at 110×38 and 72×24
// with cut labels; tokens of the full JSON, the default JSON, the compact
// view and OSWorld's linearized table, and of the smallest compact answer
// covering as many needed controls as the table. Live GTK and LibreOffice
// windows under Xvfb, then the mock desktop and the bundled scenarios.
//
//   npx -y deno@2.9.6 run -A bench/views.ts             (the views' windows and the mock)
//   npx -y deno@2.9.6 run -A bench/views.ts --osworld   (OSWorld's other applications)
//   npx -y deno@2.9.6 run -A bench/views.ts --osworld Calc GIMP   (those whose name has a part)
//   npx -y deno@2.9.6 run -A bench/views.ts --wayland   (the views' apps on a headless sway)
//
// Prints markdown tables (docs/PERFORMANCE.md keeps the last run).

import { startService } from "../tests/helpers/service.ts";
import { measureLiveWindows } from "./measure/live_windows.ts";
import { VIEW_APPS } from "../tests/linux/desktop.ts";
import { MORE_OSWORLD_APPS, OSWORLD_APPS } from "../tests/linux/osworld_apps.ts";
import { measureWindow, SKETCH_VARIANTS, type WindowFigures, windowsOf } from "./measure/views.ts";

// Compact coverage also checks the click point, so a tree that moved between
// requests shows as a miss, not as a false hit.
const osworld = Deno.args.includes("--osworld");
/** --wayland: the same apps as Wayland clients of a headless sway. */
const wayland = Deno.args.includes("--wayland");
/** Other arguments pick apps by a part of their name. */
const only = Deno.args.filter((arg) => !arg.startsWith("--"));
const liveWindows = () =>
  measureLiveWindows(
    (base, target) => measureWindow(base, target, true),
    (osworld ? [...OSWORLD_APPS, ...MORE_OSWORLD_APPS] : VIEW_APPS)
      .filter(([name]) => only.length === 0 || only.some((part) => name.includes(part))),
    {},
    wayland ? "sway" : "x11",
  );

async function mockWindows(): Promise<WindowFigures[]> {
  const service = await startService({ mock: true });
  const figures: WindowFigures[] = [];
  try {
    for (const target of await windowsOf(service.url)) {
      figures.push(
        await measureWindow(service.url, { ...target, name: `mock: ${target.name}` }, true),
      );
    }
    const dir = new URL("../scenarios/", import.meta.url);
    const files = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".yaml"));
    for (const file of files.sort()) {
      await fetch(`${service.url}/api/scenario/load`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: new URL(file, dir).pathname }),
      }).then((r) => r.arrayBuffer());
      for (const target of await windowsOf(service.url)) {
        const name = `${file.replace(".yaml", "")}: ${target.name}`;
        figures.push(await measureWindow(service.url, { ...target, name }, true));
      }
    }
  } finally {
    await service.stop();
  }
  return figures;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${(100 * part / whole).toFixed(0)} %`;
}

function coverageTable(rows: WindowFigures[]): string {
  const lines = [
    "| window | needed | structure | observe | description | compact |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const c = r.covered;
    lines.push(
      `| ${r.name} | ${r.needed} | ${c.structure} | ${c.observe} | ${c.description} | ` +
        `${c.compact} |`,
    );
  }
  const sum = (pick: (r: WindowFigures) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const needed = sum((r) => r.needed);
  lines.push(
    `| **all** | ${needed} | ${percent(sum((r) => r.covered.structure), needed)} | ` +
      `${percent(sum((r) => r.covered.observe), needed)} | ` +
      `${percent(sum((r) => r.covered.description), needed)} | ` +
      `${percent(sum((r) => r.covered.compact), needed)} |`,
  );
  return lines.join("\n");
}

function sketchTable(rows: WindowFigures[], unicode: boolean): string {
  const sizes = SKETCH_VARIANTS.filter((v) => v.unicode === unicode).map((v) => v.label);
  const lines = [
    `| window | needed | ${sizes.map((s) => `${s} clickable (reachable) | cut`).join(" | ")} |`,
    `|---|---:|${sizes.map(() => "---:|---:").join("|")}|`,
  ];
  for (const r of rows) {
    const cells = sizes.map((s) => {
      const f = r.sketch[s];
      return `${f.clickable} (${f.reachable}) ${percent(f.clickable, r.needed)} | ${f.cut.length}`;
    });
    lines.push(`| ${r.name} | ${r.needed} | ${cells.join(" | ")} |`);
  }
  const needed = rows.reduce((s, r) => s + r.needed, 0);
  const totals = sizes.map((s) => {
    const clickable = rows.reduce((sum, r) => sum + r.sketch[s].clickable, 0);
    const reachable = rows.reduce((sum, r) => sum + r.sketch[s].reachable, 0);
    const cut = rows.reduce((sum, r) => sum + r.sketch[s].cut.length, 0);
    return `${clickable} (${reachable}) ${percent(clickable, needed)} | ${cut}`;
  });
  lines.push(`| **all** | ${needed} | ${totals.join(" | ")} |`);
  return lines.join("\n");
}

function tokenTable(rows: WindowFigures[]): string {
  const lines = [
    "| window | full JSON | default JSON | compact | table (covers) | compact at the table's coverage | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    const t = r.tokens!;
    lines.push(
      `| ${r.name} | ${t.fullJson} | ${t.defaultJson} | ${t.compact} | ${t.table} ` +
        `(${t.tableCovered}/${r.needed}) | ${t.compactAtTableCoverage} | ` +
        `${
          t.tableCovered === 0
            ? "– (the table covers none)"
            : (t.compactAtTableCoverage / t.table).toFixed(2)
        } |`,
    );
  }
  const sum = (pick: (r: WindowFigures) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const table = sum((r) => r.tokens!.table);
  const same = sum((r) => r.tokens!.compactAtTableCoverage);
  lines.push(
    `| **all** | ${sum((r) => r.tokens!.fullJson)} | ${sum((r) => r.tokens!.defaultJson)} | ` +
      `${sum((r) => r.tokens!.compact)} | ${table} | ${same} | ${(same / table).toFixed(2)} |`,
  );
  return lines.join("\n");
}

const rows = [...await liveWindows(), ...osworld || wayland ? [] : await mockWindows()];
console.log("### Needed controls in the default answers\n");
console.log(coverageTable(rows));
for (const unicode of [true, false]) {
  console.log(`\n### Clickability from the sketch (${unicode ? "Unicode" : "ASCII"})\n`);
  console.log(sketchTable(rows, unicode));
}
console.log("\n### Tokens (cl100k)\n");
console.log(tokenTable(rows));
const unclickable = rows.filter((r) => r.sketch[SKETCH_VARIANTS[0].label].unclickable.length > 0);
if (unclickable.length > 0) {
  console.log(`\nNot clickable from the ${SKETCH_VARIANTS[0].label} sketch:`);
  for (const r of unclickable) {
    console.log(`- ${r.name}: ${r.sketch[SKETCH_VARIANTS[0].label].unclickable.join("; ")}`);
  }
}
const missing = rows.filter((r) => r.missing.length > 0);
if (missing.length > 0) {
  console.log("\nMissing from the compact view:");
  for (const r of missing) console.log(`- ${r.name}: ${r.missing.join("; ")}`);
}
