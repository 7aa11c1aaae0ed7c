// The chat-completions client on its own, over real HTTP: a closed port, the
// prefix fallback ending in another error, and the key kept out of failures.

import { strict as assert } from "node:assert";
import { chatCompletion, type ChatRequest } from "../lib/services/vlm/client.ts";
import { describeFailure } from "../lib/services/vlm/messages.ts";
import { startFakeVlm } from "./helpers/fake_vlm.ts";
import { freePort } from "./helpers/service.ts";

const REQUEST: ChatRequest = {
  model: "m",
  maxTokens: 10,
  temperature: 0.1,
  prompt: "hello",
  imageUrl: null,
};

Deno.test("a closed port: unreachable, with the OS's reason and no credentials", async () => {
  const port = freePort();
  const outcome = await chatCompletion(
    { baseUrl: `http://user:pw@127.0.0.1:${port}`, apiKey: "k-123456", timeoutS: 5 },
    REQUEST,
  );
  if (outcome.ok) throw new Error("a closed port answered");
  const message = describeFailure(outcome.failure);
  assert.match(
    message,
    new RegExp(
      `^could not connect to http://127\\.0\\.0\\.1:${port}/api/v1/chat/completions \\(.*refused.*\\)`,
      "i",
    ),
  );
  assert.ok(!message.includes("pw") && !message.includes("k-123456"), message);
});

Deno.test("a 404 on /api/v1, then a 500 on /v1: the 500 and what it said", async () => {
  const fake = startFakeVlm({ apiKey: "k-123456", temperature: 0.1, imageMaxDim: 100 });
  fake.answer = () => ({ status: 500, body: { error: { message: "k-123456 crashed" } } });
  try {
    const outcome = await chatCompletion(
      { baseUrl: fake.url, apiKey: "k-123456", timeoutS: 5 },
      REQUEST,
    );
    if (outcome.ok || outcome.failure.kind !== "http") throw new Error("not an HTTP failure");
    assert.equal(outcome.failure.status, 500);
    assert.equal(outcome.failure.detail, "<api key> crashed");
    assert.deepEqual(fake.requests.map((r) => r.path), [
      "/api/v1/chat/completions",
      "/v1/chat/completions",
    ]);
    assert.deepEqual(fake.problems, []);
  } finally {
    await fake.close();
  }
});
