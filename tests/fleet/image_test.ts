// The desktop image as a service: beyond loopback only with a bearer token
// (from a mounted file, as a Kubernetes Secret gives it), every request
// without it 401 and audited, the container's own host name accepted and a
// foreign one refused, a non-root user, the health check, MCP over HTTP, and
// a window of an application started with the desktop captured.

import { strict as assert } from "node:assert";
import { partAvailable } from "../helpers/parts.ts";
import { rawRequest } from "../helpers/http.ts";
import { Client, StreamableHTTPClientTransport } from "../helpers/mcp_sdk_client.ts";
import {
  CONTAINER_HINT,
  containerPartsReady,
  ensureImage,
  IMAGE,
  podman,
  waitUntil,
} from "./podman.ts";

const TOKEN = "image-test-token-4f8a1c93d2";
const HOST_NAME = "oso-desk-test";

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : {} };
}

/** Runs the image without a token: once its desktop is up, the service refuses to listen (exit 2). */
async function refusesWithoutToken(port: number, options: string[] = []): Promise<void> {
  const out = await podman([
    "run",
    "--rm",
    "--network",
    "host",
    ...options,
    "-e",
    `OSO_PORT=${port}`,
    IMAGE,
  ]);
  assert.equal(out.code, 2, out.err);
  assert.match(out.err, /beyond loopback\) needs a bearer token/);
}

Deno.test({
  name:
    "the image serves its desktop: a token beyond loopback, 401s audited, its own names, non-root",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    if (!partAvailable("podman with the base image", await containerPartsReady(), CONTAINER_HINT)) {
      return;
    }
    await ensureImage();
    const port = freePort();

    await t.step("without a token it refuses to start on 0.0.0.0", async () => {
      await refusesWithoutToken(port);
    });

    // An openbox first on PATH whose first start exits, or hangs without managing the
    // screen, then the real one.
    const firstStarts: Array<[string, string]> = [
      ["exits while starting", 'echo "openbox: test failure" >&2; exit 1'],
      ["hangs without managing the screen", "exec sleep 600"],
    ];
    for (const [what, firstStart] of firstStarts) {
      await t.step(`a window manager that ${what} is started again`, async () => {
        const bin = await Deno.makeTempDir({ prefix: "oso-image-openbox-" });
        try {
          await Deno.writeTextFile(
            `${bin}/openbox`,
            '#!/bin/sh\nonce="$XDG_RUNTIME_DIR/openbox-started"\n' +
              `if [ ! -e "$once" ]; then touch "$once"; ${firstStart}; fi\n` +
              'exec /usr/bin/openbox "$@"\n',
          );
          await Deno.chmod(bin, 0o755);
          await Deno.chmod(`${bin}/openbox`, 0o755);
          // The desktop started, and the service refused to listen without a token.
          await refusesWithoutToken(port, [
            "-v",
            `${bin}:/opt/test-bin:ro`,
            "-e",
            "PATH=/opt/test-bin:/usr/local/bin:/usr/bin:/bin",
          ]);
        } finally {
          await Deno.remove(bin, { recursive: true });
        }
      });
    }

    const secrets = await Deno.makeTempDir({ prefix: "oso-image-test-" });
    const name = `oso-image-test-${Deno.pid}`;
    try {
      await Deno.writeTextFile(`${secrets}/token`, `${TOKEN}\n`);
      await Deno.chmod(secrets, 0o755);
      await Deno.chmod(`${secrets}/token`, 0o644);
      const started = Date.now();
      const run = await podman([
        "run",
        "-d",
        "--name",
        name,
        "--hostname",
        HOST_NAME,
        "--network",
        "host",
        "-e",
        `OSO_PORT=${port}`,
        "-v",
        `${secrets}:/run/secrets/oso:ro`,
        "-e",
        "OSO_TOKEN_FILE=/run/secrets/oso/token",
        "-e",
        "OSO_START_APPS=gtk3-widget-factory",
        IMAGE,
      ]);
      assert.equal(run.code, 0, run.err);
      const base = `http://127.0.0.1:${port}`;
      const auth = { authorization: `Bearer ${TOKEN}` };

      await t.step(
        "healthy, then the started application's window listed and captured",
        async () => {
          await waitUntil(
            "a healthy /api/healthz",
            async () => (await get(`${base}/api/healthz`, auth)).status === 200,
          );
          const healthyMs = Date.now() - started;
          await waitUntil("gtk3-widget-factory's window", async () => {
            const windows = (await get(`${base}/api/windows`, auth)).body.windows as Array<
              { title: string }
            >;
            return windows.some((w) => w.title === "gtk3-widget-factory");
          });
          const structure = await get(
            `${base}/api/structure?window_title=gtk3-widget-factory&max_depth=30`,
            auth,
          );
          assert.equal(structure.status, 200, JSON.stringify(structure.body).slice(0, 500));
          assert.match(JSON.stringify(structure.body), /"Button"/);
          console.error(
            `container start → healthy ${healthyMs} ms, → window captured ${
              Date.now() - started
            } ms`,
          );
        },
      );

      await t.step(
        "a request without the token, or with a wrong one, is 401 and audited",
        async () => {
          assert.equal((await get(`${base}/api/windows`)).status, 401);
          assert.equal(
            (await get(`${base}/api/windows`, { authorization: "Bearer wrong" })).status,
            401,
          );
          const audit = await podman(["exec", name, "cat", "/opt/oso/audit/audit.log"]);
          const refused = audit.out.trim().split("\n").map((line) => JSON.parse(line))
            .filter((record) => record.refused === true && record.result === "Unauthorized");
          assert.deepEqual(refused.map((r) => r.reason), [
            "missing bearer token",
            "wrong bearer token",
          ]);
          assert.ok(!audit.out.includes(TOKEN), "the token is not in the audit log");
        },
      );

      await t.step("its own host name is accepted, a foreign one refused", async () => {
        const asHost = (host: string) =>
          rawRequest(
            port,
            `GET /api/healthz HTTP/1.1\r\nHost: ${host}:${port}\r\n` +
              `Authorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
          );
        assert.equal((await asHost(HOST_NAME)).status, 200);
        const foreign = await asHost("evil.example");
        assert.equal(foreign.status, 403);
        assert.match(foreign.text, /foreign Host header/);
      });

      await t.step("MCP over HTTP answers with the token", async () => {
        const client = new Client({ name: "oso-image-test", version: "1.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
            requestInit: { headers: auth },
          }),
        );
        try {
          const { tools } = await client.listTools();
          assert.ok(tools.some((tool) => tool.name === "list_windows"));
        } finally {
          await client.close();
        }
      });

      await t.step("it runs as a user, not root; its health check passes", async () => {
        assert.equal((await podman(["exec", name, "id", "-u"])).out.trim(), "1000");
        const health = await podman(["exec", name, "/opt/oso/deploy/entrypoint.sh", "health"]);
        assert.equal(health.code, 0, health.err);
      });
    } finally {
      await podman(["rm", "-f", name]);
      await Deno.remove(secrets, { recursive: true });
    }
  },
});
