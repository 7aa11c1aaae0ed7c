// The protocol of OSWorld's in-VM server (the Flask app its harness drives on
// port 5000), served on a listener of its own: the same Host/Origin guards
// and bearer token as the rest of the API, form and multipart bodies where
// the protocol sends them, and every answer JSON (or the bytes asked for),
// never an HTML page.

import { Hono } from "hono";
import type { Session } from "../../../runtime/session.ts";
import { securityGuard } from "../../../../routes/security.ts";
import { auditAuthRefusal, bearerGuard } from "../../../../routes/auth.ts";
import { executeRoutes } from "./execute_routes.ts";
import { fileRoutes } from "./file_routes.ts";
import { failed } from "./answer.ts";
import { pixelRoutes } from "./pixel_routes.ts";
import { windowRoutes } from "./window_routes.ts";

/** The body types OSWorld's clients send: JSON, and forms for /file, /window_size, /setup/upload. */
const BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

export function createVmServerApp(session: Session, bindHost: string, token: string | null): Hono {
  const app = new Hono();
  app.use(
    "*",
    securityGuard({
      hostNames: [bindHost, ...session.config.web_ui.allowed_hosts],
      corsOrigins: [],
      bodyTypes: BODY_TYPES,
    }),
  );
  if (token !== null) app.use("*", bearerGuard(token, auditAuthRefusal(session)));
  executeRoutes(app, session);
  fileRoutes(app, session);
  windowRoutes(app, session);
  pixelRoutes(app, session);
  const known = new Set(app.routes.map((r) => r.path));
  app.notFound((c) =>
    known.has(c.req.path)
      ? failed(c, 405, `method ${c.req.method} not allowed on ${c.req.path}`)
      : failed(c, 404, `no route ${c.req.path} in OSWorld's server protocol`)
  );
  app.onError((err, c) => {
    console.error(`unhandled error on ${c.req.method} ${c.req.path}:`, err);
    return failed(c, 500, `${err.name}: ${err.message}`);
  });
  return app;
}
