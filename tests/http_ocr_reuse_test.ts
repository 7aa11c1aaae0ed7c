// OCR of pixels that have not changed is reused, never recomputed, and a
// change is read afresh: counted by /api/metrics (the engine's reads and the
// reads answered from memory) on the interactive mock, whose pixels change
// with what is typed. A model server that cannot be reached is not asked
// again for every description.

import { strict as assert } from "node:assert";
import { freePort, startService } from "./helpers/service.ts";
import { getJson, postJson } from "./helpers/http.ts";

type Body = Record<string, unknown>;

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/api/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  assert.ok(line, `${name} in /api/metrics`);
  return Number(line.slice(name.length + 1));
}

Deno.test("OCR reads of unchanged pixels are reused; a change is read afresh", async (t) => {
  const svc = await startService({ config: { mock_interactive: true, vlm: { enabled: false } } });
  const counts = async () => ({
    engine: await metric(svc.url, "oso_ocr_engine_reads_total"),
    reused: await metric(svc.url, "oso_ocr_reads_reused_total"),
  });
  const ocrText = async () => {
    const r = await getJson(`${svc.url}/api/ocr?window_index=0`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return String(r.body.text);
  };
  try {
    let before = await counts();
    const first = await ocrText();
    await t.step("the first read runs the engine", async () => {
      const after = await counts();
      assert.equal(after.engine, before.engine + 1);
      before = after;
    });

    await t.step("the same pixels again: answered from memory, the same text", async () => {
      assert.equal(await ocrText(), first);
      const r = await getJson(`${svc.url}/api/description?window_index=0`);
      assert.equal(r.body.ocr, first, "the description's OCR section is the same read");
      const after = await counts();
      assert.equal(after.engine, before.engine, "the engine did not read again");
      assert.equal(after.reused, before.reused + 2);
      before = after;
    });

    await t.step("typed text changes the pixels: read afresh, the new word in it", async () => {
      const typed = await postJson(`${svc.url}/api/tool/type_text`, {
        text: "Zebra",
        window_index: 0,
      });
      assert.equal(typed.status, 200, JSON.stringify(typed.body));
      const text = await ocrText();
      assert.match(text, /Zebra/);
      const after = await counts();
      assert.equal(after.engine, before.engine + 1, "one new read of the changed window");
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("a model server that cannot be reached is left alone for a while", async () => {
  const closedPort = freePort();
  const svc = await startService({
    config: {
      ocr: { enabled: false },
      vlm: { enabled: true, base_url: `http://127.0.0.1:${closedPort}/`, model: "m" },
    },
  });
  const describe = async () => {
    const r = await getJson(`${svc.url}/api/description?window_index=0`);
    assert.equal(r.status, 200);
    return String((r.body as Body).vlm);
  };
  const attempts = () => (svc.stderr().match(/\[vlm\] WARNING: could not connect/g) ?? []).length;
  try {
    const first = await describe();
    assert.match(first, /^\[VLM unavailable — could not connect/);
    const tried = attempts();
    assert.ok(tried >= 1, "the first description tried the server");
    assert.equal(await describe(), first, "the second says the same");
    assert.equal(attempts(), tried, "without trying the server again");
  } finally {
    await svc.stop();
  }
});
