// What compact JSON saves a model (issue 43): an observe_window result as MCP
// text, indented (as before) and compact (as now), in cl100k tokens, on the
// live windows of the view benchmarks (GTK 3, GTK 4, LibreOffice...) and on
// the mock desktop.
// `deno run -A bench/mcp_text.ts`

import { countTokens } from "../lib/formats/tokens/cl100k.ts";
import { toCallToolResult } from "../lib/interfaces/mcp/results.ts";
import { startService } from "../tests/helpers/service.ts";
import { measureLiveWindows } from "./measure/live_windows.ts";

interface Row {
  name: string;
  indented: number;
  compact: number;
}

async function observed(base: string, uid: string | null): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api/tool/observe_window`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(uid === null ? { window_index: 0 } : { window_uid: uid }),
  });
  return await response.json();
}

function row(name: string, body: Record<string, unknown>): Row {
  const text = (toCallToolResult(body).content[0] as { text: string }).text;
  return { name, indented: countTokens(JSON.stringify(body, null, 2)), compact: countTokens(text) };
}

const rows: Row[] = [];
const mock = await startService();
try {
  rows.push(row("mock desktop (Notepad)", await observed(mock.url, null)));
} finally {
  await mock.stop();
}
rows.push(
  ...await measureLiveWindows(async (base, target) =>
    row(target.name, await observed(base, target.window_uid))
  ),
);

console.log("| window | indented (tokens) | compact (tokens) | saved |");
console.log("|---|---|---|---|");
for (const r of rows) {
  const saved = (100 * (1 - r.compact / r.indented)).toFixed(0);
  console.log(`| ${r.name} | ${r.indented} | ${r.compact} | ${saved} % |`);
}
