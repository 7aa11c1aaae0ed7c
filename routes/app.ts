// The HTTP application: guards first, then every route family.

import { Hono } from "hono";
import { envelope } from "../lib/model/errors.ts";
import type { Session } from "../lib/runtime/session.ts";
import { actionRoutes } from "./action.ts";
import { bringToForegroundRoute } from "./bring_to_foreground.ts";
import { dedicatedRoutes } from "./dedicated.ts";
import { healthRoutes } from "./health.ts";
import { inspectorRoutes } from "./inspector.ts";
import { hoverRoute } from "./hover.ts";
import { openApiRoutes } from "./openapi.ts";
import { mcpHttpRoutes } from "./mcp_http.ts";
import { screenshotRoutes } from "./screenshot.ts";
import { regionRoutes } from "./region.ts";
import { securityGuard } from "./security.ts";
import { auditAuthRefusal, bearerGuard } from "./auth.ts";
import { sketchRoutes } from "./sketch.ts";
import { toolRoutes } from "./tools.ts";
import { traceFileRoutes } from "./trace_files.ts";
import { RememberingRouter } from "./router.ts";

export function createApp(session: Session, bindHost: string, token: string | null = null): Hono {
  const app = new Hono({ router: new RememberingRouter() });
  app.use(
    "*",
    securityGuard({
      hostNames: [bindHost, ...session.config.web_ui.allowed_hosts],
      corsOrigins: session.config.web_ui.cors_origins,
    }),
  );
  if (token !== null) app.use("*", bearerGuard(token, auditAuthRefusal(session)));
  inspectorRoutes(app);
  healthRoutes(app, session);
  toolRoutes(app, session);
  sketchRoutes(app, session);
  screenshotRoutes(app, session);
  regionRoutes(app, session);
  bringToForegroundRoute(app, session);
  actionRoutes(app, session);
  hoverRoute(app, session);
  traceFileRoutes(app, session);
  dedicatedRoutes(app, session);
  openApiRoutes(app, session);
  mcpHttpRoutes(app, session);

  const knownPaths = app.routes.map((r) => r.path);
  app.notFound((c) => {
    const path = c.req.path;
    const known = knownPaths.some((p) =>
      p === path || (p.includes(":") && new RegExp(`^${p.replace(/:[^/]+/g, "[^/]+")}$`).test(path))
    );
    return known
      ? c.json(envelope("BadRequest", `method ${c.req.method} not allowed on ${path}`), 405)
      : c.json(envelope("BadRequest", `no route ${path}`), 404);
  });
  app.onError((err, c) => {
    console.error(`unhandled error on ${c.req.method} ${c.req.path}:`, err);
    return c.json(envelope("Internal", `${err.name}: ${err.message}`), 500);
  });
  return app;
}
