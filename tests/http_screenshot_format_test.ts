// format=jpeg over HTTP on the mock desktop: every screenshot route answers a
// JPEG that says so, PNG stays the default, and a bad format or quality is a
// 400 (the v2 envelope on tool routes, the v1 string on v1 routes).

import assert from "node:assert/strict";
import { fromBase64 } from "../lib/model/base64.ts";
import { jpegSize, pngSize } from "../lib/formats/image/pixel_size.ts";
import { getJson, type JsonResponse, postJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";

const FULL_SCREEN = { width: 1920, height: 1080 };
const NOTEPAD = { width: 800, height: 600 };

function assertJpeg(res: JsonResponse, size: { width: number; height: number }, label: string) {
  assert.equal(res.status, 200, `${label}: ${JSON.stringify(res.body).slice(0, 300)}`);
  assert.equal(res.body.format, "jpeg", label);
  assert.equal(res.body.encoding, "base64", label);
  const bytes = fromBase64(String(res.body.data));
  assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], `${label}: JPEG's SOI`);
  assert.deepEqual(jpegSize(bytes), size, label);
}

function assertBadRequest(res: JsonResponse, field: string, label: string) {
  assert.equal(res.status, 400, label);
  const error = res.body.error as { code: string; message: string };
  assert.equal(error.code, "BadRequest", label);
  assert.match(error.message, new RegExp(`\\b${field}: `), label);
}

Deno.test("screenshots as JPEG over REST, and bad format or quality refused", async (t) => {
  const svc = await startService();
  const get = (path: string) => getJson(`${svc.url}${path}`);
  const tool = (name: string, args: Record<string, unknown>) =>
    postJson(`${svc.url}/api/tool/${name}`, args);
  try {
    await t.step("GET /api/screenshot (v1): jpeg when asked, png by default", async () => {
      assertJpeg(await get("/api/screenshot?format=jpeg"), FULL_SCREEN, "full screen");
      assertJpeg(
        await get("/api/screenshot?window_index=0&format=jpeg&quality=30"),
        NOTEPAD,
        "a window, quality 30",
      );
      const png = await get("/api/screenshot?window_index=0");
      assert.equal(png.body.format, "png");
      assert.deepEqual(pngSize(fromBase64(String(png.body.data))), NOTEPAD);
    });

    await t.step("the tools, by GET and POST, and their own routes", async () => {
      assertJpeg(await get("/api/tool/get_screenshot?format=jpeg"), FULL_SCREEN, "GET tool");
      assertJpeg(
        await tool("get_screenshot", { window_index: 0, format: "jpeg", quality: 95 }),
        NOTEPAD,
        "POST tool",
      );
      assertJpeg(
        await get("/api/screenshot/cropped?window_index=0&bbox=10,20,120,45&format=jpeg"),
        { width: 120, height: 45 },
        "cropped",
      );
      const full = await get("/api/full_screenshot?format=jpeg&quality=60");
      assertJpeg(full, FULL_SCREEN, "full_screenshot (v1)");
      assert.deepEqual([full.body.width, full.body.height], [1920, 1080]);
      assertJpeg(await tool("get_full_screenshot", { format: "jpeg" }), FULL_SCREEN, "full tool");
    });

    await t.step(
      "bad values on tool routes: 400 BadRequest envelopes naming the field",
      async () => {
        const bad: Array<[string, string]> = [
          ["format=webp", "format"],
          ["format=jpg", "format"],
          ["format=jpeg&quality=0", "quality"],
          ["format=jpeg&quality=101", "quality"],
          ["format=jpeg&quality=high", "quality"],
          ["format=jpeg&quality=7.5", "quality"],
        ];
        for (const [query, field] of bad) {
          assertBadRequest(await get(`/api/tool/get_screenshot?${query}`), field, query);
          assertBadRequest(
            await get(`/api/screenshot/cropped?${query}`),
            field,
            `cropped ${query}`,
          );
        }
        assertBadRequest(await tool("get_screenshot", { format: "gif" }), "format", "POST gif");
        assertBadRequest(await tool("get_screenshot", { quality: "80" }), "quality", 'POST "80"');
        assertBadRequest(
          await tool("get_full_screenshot", { format: "jpeg", quality: 1000 }),
          "quality",
          "POST full 1000",
        );
      },
    );

    await t.step("bad values on v1 routes: 400 with the v1 message", async () => {
      const v1: Array<[string, RegExp]> = [
        ["/api/screenshot?format=webp", /^format must be png or jpeg$/],
        ["/api/screenshot?format=jpeg&quality=0", /^quality must be between 1 and 100$/],
        ["/api/screenshot?quality=best", /^quality must be an integer$/],
        ["/api/full_screenshot?format=bmp", /^format: /],
        ["/api/full_screenshot?quality=200", /^quality: /],
      ];
      for (const [path, message] of v1) {
        const res = await get(path);
        assert.equal(res.status, 400, path);
        assert.match(String(res.body.error), message, path);
      }
    });
  } finally {
    await svc.stop();
  }
});
