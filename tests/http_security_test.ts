// The security baseline: foreign Host (DNS rebinding), foreign Origin, cross-site
// browser requests and non-JSON bodies are refused before any tool runs; and a
// real headless Chromium visiting a hostile page cannot type on the desktop.

import { strict as assert } from "node:assert";
import { type Service, startService } from "./helpers/service.ts";
import { getJson, rawRequest } from "./helpers/http.ts";
import { commandExists, partAvailable } from "./helpers/parts.ts";

async function stepCount(svc: Service): Promise<number> {
  return (await getJson(`${svc.url}/api/healthz`)).body.step_count as number;
}

function request(port: number, lines: string[], body = ""): Promise<{ status: number }> {
  const head = [...lines, `Content-Length: ${new TextEncoder().encode(body).length}`];
  return rawRequest(port, `${head.join("\r\n")}\r\nConnection: close\r\n\r\n${body}`);
}

const TYPE_BODY = JSON.stringify({ action: "type", value: "pwned" });

Deno.test("forged headers are refused before any tool runs", async (t) => {
  const svc = await startService();
  const p = svc.port;
  try {
    const before = await stepCount(svc);
    const CASES: Array<[string, string[], string, number]> = [
      [
        "foreign Host (DNS rebinding)",
        ["POST /api/action HTTP/1.1", "Host: evil.example:5001", "Content-Type: application/json"],
        TYPE_BODY,
        403,
      ],
      [
        "foreign Host on a read",
        ["GET /api/windows HTTP/1.1", "Host: attacker.test"],
        "",
        403,
      ],
      [
        "foreign Origin",
        [
          "POST /api/action HTTP/1.1",
          `Host: 127.0.0.1:${p}`,
          "Origin: http://evil.example",
          "Content-Type: application/json",
        ],
        TYPE_BODY,
        403,
      ],
      [
        "Origin null (sandboxed frame, file://)",
        [
          "POST /api/action HTTP/1.1",
          `Host: 127.0.0.1:${p}`,
          "Origin: null",
          "Content-Type: application/json",
        ],
        TYPE_BODY,
        403,
      ],
      [
        "cross-site GET without Origin (an <img> tag)",
        ["GET /api/windows HTTP/1.1", `Host: 127.0.0.1:${p}`, "Sec-Fetch-Site: cross-site"],
        "",
        403,
      ],
      [
        "text/plain form post",
        ["POST /api/action HTTP/1.1", `Host: 127.0.0.1:${p}`, "Content-Type: text/plain"],
        TYPE_BODY,
        415,
      ],
      [
        "urlencoded form post",
        [
          "POST /api/action HTTP/1.1",
          `Host: 127.0.0.1:${p}`,
          "Content-Type: application/x-www-form-urlencoded",
        ],
        "action=type&value=pwned",
        415,
      ],
      [
        "body without a content type",
        ["POST /api/action HTTP/1.1", `Host: 127.0.0.1:${p}`],
        TYPE_BODY,
        415,
      ],
    ];
    for (const [name, lines, body, status] of CASES) {
      await t.step(`${name} → ${status}`, async () => {
        const r = await request(p, lines, body);
        assert.equal(r.status, status);
      });
    }
    await t.step("no tool ran", async () => {
      assert.equal(await stepCount(svc), before);
    });
    await t.step("same-origin requests (the inspector) still work", async () => {
      const r = await request(p, [
        "POST /api/action HTTP/1.1",
        `Host: 127.0.0.1:${p}`,
        `Origin: http://127.0.0.1:${p}`,
        "Sec-Fetch-Site: same-origin",
        "Content-Type: application/json; charset=utf-8",
      ], TYPE_BODY);
      assert.equal(r.status, 200);
      assert.equal(await stepCount(svc), before + 1);
      const local = await request(p, ["GET /api/windows HTTP/1.1", `Host: localhost:${p}`]);
      assert.equal(local.status, 200);
    });
    await t.step("CORS preflight from a foreign origin gets no allow header", async () => {
      const res = await fetch(`${svc.url}/api/action`, {
        method: "OPTIONS",
        headers: { "Access-Control-Request-Method": "POST" },
      });
      await res.body?.cancel();
      assert.equal(res.headers.get("access-control-allow-origin"), null);
    });
  } finally {
    await svc.stop();
  }
});

const HOSTILE_PAGE = (target: string) =>
  `<!doctype html><html><body>
<iframe name="sink"></iframe>
<form id="f" method="POST" action="${target}/api/action" enctype="text/plain" target="sink">
<input name='{"action":"type","value":"form","pad":"' value='"}'></form>
<img src="${target}/api/tool/type_text?text=img">
<pre id="log"></pre>
<script>
const log = (m) => { document.getElementById("log").textContent += m + "\\n"; };
const body = JSON.stringify({ action: "type", value: "pwned" });
(async () => {
  document.getElementById("f").submit();
  const attempts = [
    () => fetch("${target}/api/action", { method: "POST", headers: { "Content-Type": "application/json" }, body }),
    () => fetch("${target}/api/action", { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body }),
    () => fetch("${target}/api/tool/type_text", { method: "POST", mode: "no-cors", body: JSON.stringify({ text: "x" }) }),
    () => fetch("${target}/api/tool/press_key?keys=enter", { mode: "no-cors" }),
    () => navigator.sendBeacon("${target}/api/action", new Blob([body], { type: "application/json" })),
  ];
  for (const attempt of attempts) {
    try { const r = await attempt(); log("sent " + (r && r.status !== undefined ? r.status : r)); }
    catch (e) { log("blocked " + e); }
  }
  await new Promise((r) => setTimeout(r, 1500));
  document.title = "done";
})();
</script></body></html>`;

async function visitWithChromium(pageUrl: string): Promise<string> {
  const profile = await Deno.makeTempDir({ prefix: "oso-chromium-" });
  try {
    const out = await new Deno.Command("chromium", {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
        "--virtual-time-budget=8000",
        "--dump-dom",
        pageUrl,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

function hostileSite(target: string): { url: string; close(): Promise<void> } {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(HOSTILE_PAGE(target), { headers: { "Content-Type": "text/html" } }),
  );
  const port = (server.addr as Deno.NetAddr).port;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.shutdown() };
}

const chromium = partAvailable(
  "Chromium",
  commandExists("chromium"),
  "apt-get install chromium (Debian's headless-capable browser)",
);

Deno.test({
  name: "a hostile web page in real Chromium cannot type on the desktop",
  ignore: !chromium,
  async fn() {
    const svc = await startService();
    const site = hostileSite(svc.url);
    try {
      const before = await stepCount(svc);
      const dom = await visitWithChromium(site.url);
      assert.match(dom, /<title>done<\/title>/, `the page ran its attacks:\n${dom}`);
      assert.equal(await stepCount(svc), before, "no tool ran on behalf of the page");
      assert.equal(svc.exited(), null);
    } finally {
      await site.close();
      await svc.stop();
    }
  },
});

Deno.test({
  name: "control: the same page succeeds once its origin is allowed by web_ui.cors_origins",
  ignore: !chromium,
  async fn() {
    // Proves the attack page really reaches the service: only the guards stop it.
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const sitePort = (probe.addr as Deno.NetAddr).port;
    probe.close();
    const origin = `http://127.0.0.1:${sitePort}`;
    const svc = await startService({ config: { web_ui: { cors_origins: [origin] } } });
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: sitePort, onListen: () => {} },
      () => new Response(HOSTILE_PAGE(svc.url), { headers: { "Content-Type": "text/html" } }),
    );
    try {
      const before = await stepCount(svc);
      await visitWithChromium(`${origin}/`);
      assert.ok(await stepCount(svc) > before, "with CORS allowed, the JSON fetch gets through");
    } finally {
      await server.shutdown();
      await svc.stop();
    }
  },
});
