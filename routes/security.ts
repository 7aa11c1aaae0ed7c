// Request guards that keep a web page the user happens to visit from driving
// their desktop: DNS-rebinding (foreign Host), cross-origin requests (Origin,
// Sec-Fetch-Site) and form posts (non-JSON bodies). CORS only when configured.

import type { Context, MiddlewareHandler } from "hono";
import { envelope } from "../lib/model/errors.ts";

export interface SecurityOptions {
  /**
   * Names accepted in the Host header besides IP literals and loopback: the
   * address the server is bound to and the configured web_ui.allowed_hosts.
   */
  hostNames: string[];
  corsOrigins: string[];
  /** Request body types accepted (default JSON only: a form post is how a page attacks). */
  bodyTypes?: string[];
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.trim().toLowerCase());
}

/** Host header without its port; IPv6 literals keep their brackets off. */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]") >= 0 ? h.indexOf("]") : undefined);
  const colon = h.lastIndexOf(":");
  return colon >= 0 ? h.slice(0, colon) : h;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * DNS rebinding needs a domain name that resolves to us; an IP literal or a
 * loopback name cannot be rebound, so those are accepted, as are the names
 * the operator gave (the bind host, a container's own names).
 */
export function hostAllowed(hostHeader: string | undefined, hostNames: string[]): boolean {
  if (hostHeader === undefined) return true; // not a browser: browsers always send Host
  const name = hostName(hostHeader);
  if (name === "") return false;
  return isLoopbackHost(name) || IPV4.test(name) || name.includes(":") ||
    hostNames.some((allowed) => name === allowed.trim().toLowerCase());
}

function originAllowedByCors(origin: string, corsOrigins: string[]): boolean {
  return corsOrigins.includes("*") || corsOrigins.includes(origin);
}

function refuse(c: Context, status: 403 | 415, message: string, context = {}) {
  const code = status === 403 ? "PermissionDenied" : "BadRequest";
  return c.json(envelope(code, message, context), status);
}

/**
 * What every answer says, written by the HTTP server unless the answer sets
 * its own: the inspector must not be framed (clickjacking) nor any answer
 * sniffed as HTML. The inspector's own policy (routes/inspector.ts) also says
 * frame-ancestors 'none'. (Set on each Response, these cost a tenth of a
 * small answer's time.)
 */
export const ANSWER_FIELDS = [
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["content-security-policy", "frame-ancestors 'none'"],
] as const;

export function securityGuard(options: SecurityOptions): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header("host");
    if (!hostAllowed(host, options.hostNames)) {
      return refuse(c, 403, "request refused: foreign Host header (possible DNS rebinding)", {
        host,
      });
    }
    const origin = c.req.header("origin");
    const corsAllowed = origin !== undefined &&
      originAllowedByCors(origin, options.corsOrigins);
    if (origin !== undefined && !corsAllowed && origin !== `http://${host}`) {
      return refuse(c, 403, "cross-origin request refused", { origin });
    }
    const fetchSite = c.req.header("sec-fetch-site");
    if ((fetchSite === "cross-site" || fetchSite === "same-site") && !corsAllowed) {
      return refuse(c, 403, "cross-site browser request refused", { sec_fetch_site: fetchSite });
    }
    if (c.req.method === "OPTIONS") {
      if (!corsAllowed) return c.body(null, 204);
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": origin!,
        "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
        "Vary": "Origin",
      });
    }
    if (c.req.method === "POST" || c.req.method === "PUT" || c.req.method === "DELETE") {
      const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
      const length = c.req.header("content-length");
      const hasBody = type !== "" || (length !== undefined && length !== "0") ||
        c.req.header("transfer-encoding") !== undefined;
      const accepted = options.bodyTypes ?? ["application/json"];
      if (hasBody && !accepted.includes(type)) {
        return refuse(c, 415, `request bodies must be ${accepted.join(" or ")}`, {
          content_type: type || null,
        });
      }
    }
    await next();
    if (corsAllowed) {
      c.res.headers.set("Access-Control-Allow-Origin", origin!);
      c.res.headers.append("Vary", "Origin");
    }
  };
}
