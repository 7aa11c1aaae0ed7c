// Windows and the screen: opening a file and waiting for its window,
// activating and closing windows (through the service's own tools, not
// wmctrl), sizes, the pointer, the platform, and a terminal's text.

import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Session } from "../../../runtime/session.ts";
import { screenBounds } from "../../../formats/geometry/visibility.ts";
import type { Monitor } from "../../../model/tree.ts";
import { pythonPlatformName } from "../../formats/vm/execute_request.ts";
import {
  elementsUnder,
  parseXmlDom,
  stringValue,
} from "../../formats/evaluate/tree_query/xml_dom.ts";
import { callTool, failed, formBody, json, jsonBody, text } from "./answer.ts";
import { setupOutcome } from "./execute_routes.ts";
import { clientSignal } from "../../../interfaces/http/connection.ts";

const OpenBody = z.looseObject({
  path: z.string().max(4096).optional().describe("The file to open"),
});

const WindowBody = z.looseObject({
  window_name: z.string().max(1000).optional().describe("A title (or class) to match"),
  strict: z.boolean().default(false).describe("The whole title, not a part"),
  by_class: z.boolean().default(false).describe("Match the window's class, not its title"),
});

/** One setup step, run by osworld_task as a task's config would run it. */
function setupStep(
  c: Context,
  session: Session,
  type: string,
  parameters: Record<string, unknown>,
) {
  return callTool(session, "osworld_task", {
    task: JSON.stringify({ id: `setup/${type}`, config: [{ type, parameters }] }),
    phase: "setup",
  }, clientSignal(c.req.raw));
}

async function openFile(c: Context, session: Session): Promise<Response> {
  const body = await jsonBody(c, OpenBody);
  if (!body.ok) return body.response;
  if (!body.value.path) return failed(c, 400, "Path not supplied!");
  const outcome = setupOutcome(await setupStep(c, session, "open", { path: body.value.path }));
  if (outcome.status !== 200) return failed(c, outcome.status, outcome.message);
  return text(c, "File opened and window activated successfully");
}

function windowRoute(type: "activate_window" | "close_window", done: string) {
  return async (c: Context, session: Session): Promise<Response> => {
    const body = await jsonBody(c, WindowBody);
    if (!body.ok) return body.response;
    const { window_name, strict, by_class } = body.value;
    if (!window_name) return failed(c, 400, "window_name required");
    const outcome = setupStep(c, session, type, { window_name, strict, by_class });
    const answer = setupOutcome(await outcome);
    // The original answers 200 even when nothing matched; a caller deserves to know.
    if (answer.status !== 200) {
      const status = /no window named/.test(answer.message) ? 404 : answer.status;
      return failed(c, status, answer.message);
    }
    return text(c, done);
  };
}

async function windows(session: Session) {
  // Screen pixels whatever space the session declared, as OSWorld's server speaks.
  const listed = await callTool(session, "list_windows", { coordinate_space: "screen" });
  return {
    listed,
    windows: (listed.body.windows ?? []) as {
      process?: string;
      bounds?: { width: number; height: number };
    }[],
  };
}

async function windowSize(c: Context, session: Session): Promise<Response> {
  const form = await formBody(c);
  const name = form?.app_class_name;
  if (typeof name !== "string" || name === "") {
    return json(c, { error: "app_class_name is required" }, 400);
  }
  const { listed, windows: all } = await windows(session);
  if (!listed.ok) return failed(c, listed.status, listed.message);
  const window = all.find((w) => (w.process ?? "").toLowerCase() === name.toLowerCase());
  if (!window?.bounds) return json(c, { error: `no window of the application '${name}'` }, 404);
  return json(c, { width: window.bounds.width, height: window.bounds.height });
}

async function screenSize(c: Context, session: Session): Promise<Response> {
  const called = await callTool(session, "get_monitors", { coordinate_space: "screen" });
  if (!called.ok) return failed(c, called.status, called.message);
  const screen = screenBounds(called.body.monitors as Monitor[]);
  if (screen) return json(c, { width: screen.width, height: screen.height });
  // A desktop that reports no monitors (the mock) is as large as its screenshot.
  const shot = await callTool(session, "get_full_screenshot", { format: "jpeg", quality: 1 });
  if (!shot.ok) return failed(c, shot.status, shot.message);
  return json(c, { width: shot.body.width, height: shot.body.height });
}

/** The text of the first terminal in the focused window, as OSWorld reads a focused terminal. */
async function terminal(c: Context, session: Session): Promise<Response> {
  const { listed, windows: all } = await windows(session);
  if (!listed.ok) return failed(c, listed.status, listed.message);
  const focused = (all as { focused?: boolean; window_uid?: string }[]).find((w) => w.focused);
  if (!focused?.window_uid) return json(c, { output: null, status: "success" });
  const tree = await callTool(session, "get_accessibility_tree", {
    window_uid: focused.window_uid,
  });
  if (!tree.ok) return failed(c, tree.status, tree.message);
  const root = parseXmlDom(String(tree.body.AT)).element;
  const found = [root, ...elementsUnder(root)].find((el) => el.local === "terminal");
  return json(c, { output: found ? stringValue(found) : null, status: "success" });
}

export function windowRoutes(app: Hono, session: Session): void {
  app.post("/setup/open_file", (c) => openFile(c, session));
  const activate = windowRoute("activate_window", "Window activated successfully");
  const close = windowRoute("close_window", "Window closed successfully.");
  app.post("/setup/activate_window", (c) => activate(c, session));
  app.post("/setup/close_window", (c) => close(c, session));
  app.post("/window_size", (c) => windowSize(c, session));
  app.post("/screen_size", (c) => screenSize(c, session));
  app.get("/cursor_position", async (c) => {
    const at = await session.adapter.pointer();
    return at
      ? json(c, [at.x, at.y])
      : failed(c, 501, "this desktop cannot tell where the pointer is");
  });
  app.get("/platform", (c) => text(c, pythonPlatformName(Deno.build.os)));
  app.get("/terminal", (c) => terminal(c, session));
}
