// The tools' real answers on real windows under Xvfb (Mousepad, GTK 3's
// widget factory), held to each tool's declared result schema, closed: a
// field an adapter adds that the schema does not name fails here. The same
// calls over MCP on HTTP go through the official SDK client, which checks
// every structuredContent against the tool's outputSchema itself.

import assert from "node:assert/strict";
import { TOOLS } from "../../lib/tools/index.ts";
import { startService } from "../helpers/service.ts";
import { resultProblems } from "../helpers/result_check.ts";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "../helpers/mcp_sdk_client.ts";
import { client, desktopTest, eventually, TEST_CONFIG, uidOf } from "./linux_service.ts";

type Body = Record<string, unknown>;
type Args = Record<string, unknown>;

/** Calls on one window: each must succeed; `from` reads an argument off an earlier answer. */
function callsOn(uid: string, editor: string): Array<[string, (earlier: Body) => Args]> {
  const window = { window_uid: uid };
  return [
    ["list_windows", () => ({})],
    ["get_monitors", () => ({})],
    ["get_capabilities", () => ({})],
    ["get_window_structure", () => ({ ...window, detail: "full" })],
    ["get_window_structure", () => ({ ...window, view: "compact" })],
    ["get_element_tree", () => window],
    ["observe_window", () => window],
    ["observe_window", () => ({ ...window, view: "compact", max_tokens: 300 })],
    ["observe_window", (earlier) => ({ since: earlier.tree_token })],
    ["get_desktop_tree", () => ({ depth: 3 })],
    ["get_accessibility_tree", () => ({ format: "table", max_tokens: 2000 })],
    ["get_accessibility_tree", () => ({ format: "xml", max_tokens: 2000 })],
    ["get_set_of_marks", () => ({ image: true })],
    ["get_screen_sketch", () => window],
    ["get_screen_description", () => window],
    ["get_screenshot", () => window],
    ["get_screenshot_cropped", () => ({ ...window, bbox: { x: 0, y: 0, width: 100, height: 60 } })],
    ["get_full_screenshot", () => ({ ...window, cursor: true })],
    ["get_visible_areas", () => window],
    ["find_element", () => ({ ...window, selector: editor })],
    ["get_element", (earlier) => ({ ...window, element_id: earlier.element_id })],
    ["focus_element", () => ({ ...window, selector: editor })],
    ["click_element", () => ({ ...window, selector: editor })],
    ["click_at", (earlier) => ({ ...window, ...centreOf(earlier) })],
    ["type_text", () => ({ ...window, text: "typed results" })],
    ["key_into_element", () => ({ ...window, selector: editor, keys: "end" })],
    ["press_key", () => ({ ...window, keys: "Home" })],
    ["hover_at", () => ({ x: 40, y: 40, hover_ms: 0 })],
    ["scroll", () => ({ ...window, clicks: -1 })],
    ["bring_to_foreground", () => window],
    ["wait_idle", () => ({ ...window, quiet_ms: 200 })],
    ["snapshot", () => ({})],
  ];
}

/** The centre of the element a click_element answer targeted. */
function centreOf(receipt: Body): Args {
  const b = (receipt.target as { bounds: { x: number; y: number; width: number; height: number } })
    .bounds;
  return { x: b.x + Math.floor(b.width / 2), y: b.y + Math.floor(b.height / 2) };
}

desktopTest("each tool's answer on real windows fits its result schema", async (t, d) => {
  const service = await startService({ mock: false, env: d.env, config: TEST_CONFIG });
  const c = client(service);
  const mcp = new Client({ name: "oso-result-schemas", version: "1.0.0" });
  try {
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`)));
    await mcp.listTools(); // the client keeps each outputSchema and validates against it
    for (const [app, editor] of [["mousepad", "Document"], ["gtk3-widget-factory", "Edit"]]) {
      await t.step(app, async () => {
        const launched = await d.launch(app);
        try {
          const uid = uidOf(launched.window);
          await eventually(() => c.windows(), (ws) => ws.some((w) => w.window_uid === uid), 30_000);
          let earlier: Body = {};
          for (const [name, argsOf] of callsOn(uid, editor)) {
            const args = argsOf(earlier);
            const rest = await c.post(`/api/tool/${name}`, args);
            assert.equal(rest.status, 200, `${app} ${name}: ${JSON.stringify(rest.body)}`);
            const problems = resultProblems(TOOLS.get(name)!, rest.body);
            assert.equal(problems, null, `${app} ${name} ${JSON.stringify(args)}: ${problems}`);
            // The SDK client throws when structuredContent does not fit the outputSchema.
            const viaMcp = await mcp.callTool({ name, arguments: args }) as CallToolResult;
            assert.notEqual(viaMcp.isError, true, `${app} ${name} over MCP`);
            assert.ok(viaMcp.structuredContent, `${app} ${name}: structuredContent`);
            earlier = rest.body as Body;
          }
        } finally {
          await launched.kill();
        }
      });
    }
  } finally {
    await mcp.close();
    await service.stop();
  }
});
