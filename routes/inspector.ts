// GET / — the single-page web inspector; it only uses the public API.

import type { Hono } from "hono";

const PAGE = Deno.readTextFileSync(new URL("./static/inspector.html", import.meta.url));

export function inspectorRoutes(app: Hono): void {
  app.get("/", (c) => c.html(PAGE));
}
