// Screenshots as the response body itself over HTTP on the mock desktop:
// asked with an Accept header naming an image type, or raw=true; the facts in
// X-Oso-* headers; JSON stays the default; a format the Accept header refuses
// is 406; the rails still count a binary screenshot against the budget. The
// tool routes that make pictures (a screenshot, a crop) answer the same way.

import assert from "node:assert/strict";
import { jpegSize, pngSize } from "../lib/formats/image/pixel_size.ts";
import { startService } from "./helpers/service.ts";

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

async function fetchBytes(url: string, accept?: string) {
  const response = await fetch(url, { headers: accept ? { accept } : {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

Deno.test("GET /api/screenshot: the picture as the body when asked, its facts in headers", async (t) => {
  const svc = await startService();
  try {
    await t.step("Accept: image/png → a PNG body, the screen's size in headers", async () => {
      const { response, bytes } = await fetchBytes(`${svc.url}/api/screenshot`, "image/png");
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.deepEqual([...bytes.subarray(0, 4)], PNG_MAGIC);
      assert.deepEqual(pngSize(bytes), { width: 1920, height: 1080 });
      assert.equal(response.headers.get("x-oso-width"), "1920");
      assert.equal(response.headers.get("x-oso-height"), "1080");
      assert.equal(decodeURIComponent(response.headers.get("x-oso-window")!), "(full screen)");
    });

    await t.step(
      "Accept: image/jpeg for a window → a JPEG of the window, its uid said",
      async () => {
        const { response, bytes } = await fetchBytes(
          `${svc.url}/api/screenshot?window_index=0&quality=40`,
          "image/jpeg",
        );
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("content-type"), "image/jpeg");
        assert.deepEqual([...bytes.subarray(0, 3)], JPEG_MAGIC);
        assert.deepEqual(jpegSize(bytes), { width: 800, height: 600 });
        assert.match(response.headers.get("x-oso-window-uid") ?? "", /^mock:/);
      },
    );

    await t.step("raw=true&format=jpeg without an Accept header", async () => {
      const { response, bytes } = await fetchBytes(
        `${svc.url}/api/screenshot?raw=true&format=jpeg`,
      );
      assert.equal(response.headers.get("content-type"), "image/jpeg");
      assert.deepEqual([...bytes.subarray(0, 3)], JPEG_MAGIC);
    });

    await t.step("no Accept, or JSON first: JSON with base64, as before", async () => {
      for (const accept of [undefined, "application/json, image/png;q=0.5", "*/*"]) {
        const { response } = await fetchBytes(`${svc.url}/api/screenshot`, accept);
        assert.equal(response.headers.get("content-type"), "application/json", String(accept));
      }
    });

    await t.step("format=png where the Accept header takes only JPEG: 406, said why", async () => {
      const response = await fetch(`${svc.url}/api/screenshot?format=png`, {
        headers: { accept: "image/jpeg" },
      });
      assert.equal(response.status, 406);
      const body = await response.json();
      assert.match(body.error.message, /refuses image\/png/);
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("a binary screenshot spends the screenshot budget like a JSON one", async () => {
  const svc = await startService({ args: ["--max-screenshots", "1"] });
  try {
    const first = await fetchBytes(`${svc.url}/api/screenshot`, "image/png");
    assert.equal(first.response.status, 200);
    const second = await fetch(`${svc.url}/api/screenshot`, { headers: { accept: "image/png" } });
    assert.equal(second.status, 429);
    assert.equal(second.headers.get("content-type"), "application/json");
    const body = await second.json();
    assert.equal(body.error.code, "BudgetExceeded");
  } finally {
    await svc.stop();
  }
});

Deno.test("the tool routes that make pictures answer them as the body when asked", async (t) => {
  const svc = await startService();
  try {
    await t.step("POST /api/tool/get_screenshot, Accept: image/jpeg", async () => {
      const response = await fetch(`${svc.url}/api/tool/get_screenshot`, {
        method: "POST",
        headers: { accept: "image/jpeg", "content-type": "application/json" },
        body: JSON.stringify({ window_index: 0 }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "image/jpeg");
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 3)], JPEG_MAGIC);
      assert.deepEqual(jpegSize(bytes), { width: 800, height: 600 });
      assert.match(response.headers.get("x-oso-window-uid") ?? "", /^mock:/);
      assert.match(response.headers.get("x-oso-step-id") ?? "", /^\d+$/);
    });

    await t.step("GET /api/screenshot/cropped, Accept: image/png: the crop's PNG", async () => {
      const { response, bytes } = await fetchBytes(
        `${svc.url}/api/screenshot/cropped?window_index=0&bbox=10,20,120,45`,
        "image/png",
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.deepEqual(pngSize(bytes), { width: 120, height: 45 });
    });

    await t.step("a tool without pictures answers JSON whatever the Accept header", async () => {
      const { response } = await fetchBytes(`${svc.url}/api/windows`, "image/png");
      assert.equal(response.headers.get("content-type"), "application/json");
    });

    await t.step("a refusal stays JSON", async () => {
      const response = await fetch(`${svc.url}/api/tool/get_screenshot`, {
        method: "POST",
        headers: { accept: "image/png", "content-type": "application/json" },
        body: JSON.stringify({ window_uid: "mock:nosuch", format: "gif" }),
      });
      assert.equal(response.status, 400);
      assert.equal(response.headers.get("content-type"), "application/json");
    });
  } finally {
    await svc.stop();
  }
});
