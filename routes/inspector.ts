// GET / — the web inspector — and GET /inspector/<file>, its scripts and
// style. Everything is served from here (nothing from the network), under a
// Content-Security-Policy that allows only this origin's scripts, styles and
// API, and images from it or data: URLs (screenshots). The page uses only the
// public API, through the same guards as any client.

import type { Hono } from "hono";
import { envelope } from "../lib/model/errors.ts";

const DIR = new URL("./static/inspector/", import.meta.url);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** The page's files, read once at start-up: the only files this route serves. */
const FILES = new Map(
  [...Deno.readDirSync(DIR)]
    .filter((entry) => entry.isFile && Object.keys(TYPES).some((ext) => entry.name.endsWith(ext)))
    .map((entry) => [entry.name, Deno.readTextFileSync(new URL(entry.name, DIR))]),
);

export const INSPECTOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS = {
  "Content-Security-Policy": INSPECTOR_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-cache",
};

function serve(name: string): Response | null {
  const text = FILES.get(name);
  if (text === undefined) return null;
  const type = TYPES[name.slice(name.lastIndexOf("."))];
  return new Response(text, { headers: { ...HEADERS, "Content-Type": type } });
}

export function inspectorRoutes(app: Hono): void {
  app.get("/", () => serve("index.html")!);
  app.get("/inspector/:file", (c) =>
    serve(c.req.param("file")) ??
      c.json(envelope("BadRequest", `no inspector file ${c.req.param("file")}`), 404));
}
