// The service under test on a harness desktop, and tree helpers for its answers.

import { strict as assert } from "node:assert";
import { commandExists, partAvailable } from "../helpers/parts.ts";
import { type Service, startService } from "../helpers/service.ts";
import { getJson, postJson } from "../helpers/http.ts";
import {
  type Desktop,
  DESKTOP_PACKAGES,
  desktopAvailable,
  type DesktopOptions,
  startDesktop,
} from "./desktop.ts";
import type { Element } from "../../lib/model/tree.ts";

/** False (skip) or throws under OSO_REQUIRE_ALL_PARTS when the desktop parts are missing. */
export function linuxDesktopPart(): boolean {
  return Deno.build.os === "linux" &&
    partAvailable(
      "a headless Linux desktop (Xvfb, openbox, D-Bus, at-spi2-core, GTK apps)",
      desktopAvailable(),
      `apt-get install ${DESKTOP_PACKAGES}`,
    );
}

/** An application a test opens, by its command and the Debian package that has it. */
export type AppPart = { command: string; package: string };

/** False (skip) or throws under OSO_REQUIRE_ALL_PARTS when the application is not installed. */
function appPart({ command, package: name }: AppPart): boolean {
  return partAvailable(command, commandExists(command), `apt-get install ${name}`);
}

/**
 * A test on a desktop of its own (Xvfb, window manager, buses), stopped
 * afterwards whatever happens. Skips (or, under OSO_REQUIRE_ALL_PARTS=1,
 * fails) when the desktop parts, or the applications it names, are missing.
 */
export function desktopTest(
  name: string,
  body: (t: Deno.TestContext, desktop: Desktop) => Promise<void>,
  options: DesktopOptions & { apps?: AppPart[] } = {},
): void {
  Deno.test({
    name,
    ignore: !linuxDesktopPart() || !(options.apps ?? []).every(appPart),
    // Apps, buses and the service are processes the desktop stops as a whole.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const desktop = await startDesktop(options);
      try {
        await body(t, desktop);
      } finally {
        await desktop.stop();
      }
    },
  });
}

/** Runs `body` against a service on `desktop`, stopped afterwards. */
export async function withLinuxService(
  desktop: Desktop,
  body: (c: Client, service: Service) => Promise<void>,
): Promise<void> {
  const service = await startLinuxService(desktop);
  try {
    await body(client(service), service);
  } finally {
    await service.stop();
  }
}

/** Deep trees and no tree cache: tests read what the desktop shows right now. */
export const TEST_CONFIG = {
  tree: { max_depth: 30, default_depth: 30, cache_ttl_s: 0 },
};

export function startLinuxService(desktop: Desktop): Promise<Service> {
  return startService({ mock: false, env: desktop.env, config: TEST_CONFIG });
}

/** A window as GET /api/windows lists it: the fields tests read, and the rest. */
export type ListedWindow = { window_uid: string; title: string } & Record<string, unknown>;

export interface Client {
  get(path: string): ReturnType<typeof getJson>;
  post(path: string, body: unknown): ReturnType<typeof postJson>;
  structure(uid: string): Promise<Element>;
  windows(): Promise<ListedWindow[]>;
}

export function client(service: Service): Client {
  const get = (path: string) => getJson(`${service.url}${path}`);
  return {
    get,
    post: (path, body) => postJson(`${service.url}${path}`, body),
    async structure(uid) {
      const r = await get(`/api/structure?window_uid=${uid}&depth=30`);
      if (r.status !== 200) throw new Error(`structure ${r.status}: ${JSON.stringify(r.body)}`);
      return r.body.tree as Element;
    },
    async windows() {
      return (await get("/api/windows")).body.windows as ListedWindow[];
    },
  };
}

export function uidOf(window: bigint): string {
  return `x11:${window.toString(16)}`;
}

/** Whether `inner` lies wholly inside `outer`. */
export function inside(inner: Element["bounds"], outer: Element["bounds"]): boolean {
  return inner.x >= outer.x && inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height;
}

export function findAll(root: Element, test: (e: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (e: Element) => {
    if (test(e)) found.push(e);
    e.children.forEach(visit);
  };
  visit(root);
  return found;
}

export function findById(root: Element, id: string): Element | null {
  return findAll(root, (e) => e.id === id)[0] ?? null;
}

/**
 * Polls until `read` returns something `done` accepts; returns the last value
 * read. The default limit is a hang guard: under two suites at once a GTK
 * application took over 5 s to show two keys.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * How long a new application may take to answer with its frame: only a hang
 * guard, a busy machine starts applications slowly.
 */
const ACCESSIBLE_GUARD_MS = 120_000;

/**
 * The structure (to `depth`) once the app has registered its accessible frame
 * (more than a bare root). An application still too busy to answer (Timeout,
 * which the service calls recoverable) is asked again; any other refusal fails.
 */
export async function accessibleStructure(c: Client, uid: string, depth = 30): Promise<Element> {
  let busy = 0;
  const r = await eventually(
    () => c.get(`/api/structure?window_uid=${uid}&depth=${depth}`),
    (r) => {
      if (r.status === 200) return (r.body.tree as Element).children.length > 0;
      const timedOut = (r.body.error as { code?: string } | undefined)?.code === "Timeout";
      if (timedOut) busy++;
      return !timedOut;
    },
    ACCESSIBLE_GUARD_MS,
  );
  // A retry the product asks for (Timeout is recoverable), counted and reported.
  if (busy > 0) console.error(`${uid}: asked again ${busy} time(s) while it answered Timeout`);
  assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 300));
  return r.body.tree as Element;
}
