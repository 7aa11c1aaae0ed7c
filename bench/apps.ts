// OSWorld's applications, one table (issue 40): for each live window, over
// HTTP, its full-detail capture time next to an OSWorld-style pyatspi walk of
// the same fields, OSWorld's table against the rows OSWorld's own filter keeps
// from a plain pyatspi walk, element clicks by id that show their effect on
// the element, and set_value read back exactly (Unicode). The views' coverage
// and sketch clickability of the same applications come from bench/views.ts.
//
//   npx -y deno@2.9.6 run -A bench/apps.ts [name-substring ...]
//
// Prints markdown tables (docs/PERFORMANCE.md keeps the last run).

import { VIEW_APPS } from "../tests/linux/desktop.ts";
import { MORE_OSWORLD_APPS, OSWORLD_APPS } from "../tests/linux/osworld_apps.ts";
import {
  type AppFigures,
  FIELD_TEXT,
  measureCapture,
  measureClicks,
  measureFields,
  measureTable,
} from "./measure/app_measures.ts";
import { measureLiveWindows } from "./measure/live_windows.ts";

/** Capture runs per window: pyatspi takes seconds per LibreOffice or GIMP walk. */
const RUNS = 5;

const only = Deno.args;
const apps = [...VIEW_APPS, ...OSWORLD_APPS, ...MORE_OSWORLD_APPS]
  .filter(([name]) => only.length === 0 || only.some((part) => name.includes(part)));

const rows = await measureLiveWindows(
  async (base, target, env): Promise<AppFigures> => {
    // Captures and the table first, on the window as it opened; clicks and typing change it.
    const capture = await measureCapture(base, target, env, RUNS);
    const table = await measureTable(base, target, env);
    const fields = await measureFields(base, target);
    const clicks = await measureClicks(base, target);
    const figures = { name: target.name, capture, table, clicks, fields };
    console.error(JSON.stringify(figures));
    return figures;
  },
  apps,
  // Every capture walks the window: no mirror answers for it.
  { live_mirror: false },
);

const percent = (part: number, whole: number) =>
  whole === 0 ? "–" : `${(100 * part / whole).toFixed(0)} %`;
const ms = (v: number) => v.toFixed(0);

console.log(
  `Full-detail capture p50 of ${RUNS} (service over HTTP, mirror off) and pyatspi's walk of the ` +
    `same fields; OSWorld's table: rows its filter keeps from pyatspi's walk (and those inside ` +
    `a menu bar that takes no room, which the service does not read), held by ours ` +
    `(same tag, name and text, spaces around them aside) and at the same box; clicks by id that land on the element (its ` +
    `hover highlight drawn on it, or the click's effect on it); ` +
    `set_value of ${JSON.stringify(FIELD_TEXT)} read back.\n`,
);
console.log(
  "| app | nodes | service ms | pyatspi ms | pyatspi ÷ service | OSWorld rows (+ unused bar) | held | " +
    "same box | clicks landed | fields exact |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const { name, capture: c, table: t, clicks: k, fields: f } of rows) {
  console.log(
    `| ${name} | ${c.nodes} (${c.pyatspiNodes}) | ${ms(c.serviceMs)} | ${ms(c.pyatspiMs)} | ` +
      `${(c.pyatspiMs / c.serviceMs).toFixed(1)}× | ${t.theirs} (+${t.unusedBar}) | ${t.held} ` +
      `(${percent(t.held, t.theirs)}) | ${t.sameBox} | ${k.landed} of ${k.tried} ` +
      `(${percent(k.landed, k.tried)}; hover ${k.byHover}, effect ${k.byEffect}) | ` +
      `${f.exact} of ${f.fields} |`,
  );
}
const sum = (pick: (r: AppFigures) => number) => rows.reduce((s, r) => s + pick(r), 0);
console.log(
  `| **all** | | | | | ${sum((r) => r.table.theirs)} | ` +
    `${percent(sum((r) => r.table.held), sum((r) => r.table.theirs))} | ` +
    `${sum((r) => r.table.sameBox)} | ` +
    `${percent(sum((r) => r.clicks.landed), sum((r) => r.clicks.tried))} | ` +
    `${sum((r) => r.fields.exact)} of ${sum((r) => r.fields.fields)} |`,
);
console.log("\nWhat fell short, per app:\n");
for (const { name, table, clicks, fields } of rows) {
  const notes = [
    ...table.missing.slice(0, 8).map((m) => `table lacks ${m}`),
    ...clicks.missed.map((m) => `click ${m}`),
    ...fields.failures.map((m) => `field ${m}`),
  ];
  if (notes.length > 0) console.log(`- ${name}: ${notes.join("; ")}`);
}
