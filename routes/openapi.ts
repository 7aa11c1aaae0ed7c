// GET /api/openapi.json — the API described as OpenAPI 3.1, generated from
// the tool registry and the routes' own schemas (lib/interfaces/openapi/); the
// same description is docs/API.md (`deno task docs`, lib/interfaces/cli/docs.ts).

import type { Hono } from "hono";
import type { Session } from "../lib/runtime/session.ts";
import { openApiDocument } from "../lib/interfaces/openapi/document.ts";
import { renderMarkdown } from "../lib/interfaces/openapi/markdown.ts";
import type { OpenApiDocument } from "../lib/interfaces/openapi/types.ts";
import { defaultConfig } from "../lib/formats/config/config.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { activationQuery, screenshotQuery, sketchQuery } from "./legacy_params.ts";
import { ROUTE_TABLES } from "./tables.ts";

export function apiDocument(version: string): OpenApiDocument {
  return openApiDocument({
    tools: TOOLS,
    version,
    legacy: { sketch: sketchQuery, screenshot: screenshotQuery, activation: activationQuery },
    routes: ROUTE_TABLES,
  });
}

/** docs/API.md's text: the document for the default version, in Markdown. */
export function apiMarkdown(): string {
  return renderMarkdown(apiDocument(defaultConfig().mcp.version));
}

export function openApiRoutes(app: Hono, session: Session): void {
  let document: OpenApiDocument | null = null;
  app.get("/api/openapi.json", (c) => {
    // Built on first use: the registry and the version do not change while running.
    document ??= apiDocument(session.config.mcp.version);
    return c.json(document);
  });
}
