// A local OpenAI-compatible chat-completions server for agent tests: it
// checks every request it gets (route, model, message shapes, the
// observation the agent was asked for) and answers from a script that may
// read the observation, as a model would.

import { strict as assert } from "node:assert";

export type Part = { type: string; text?: string; image_url?: { url: string } };
export interface Message {
  role: string;
  content: string | Part[];
}

/**
 * A scripted reply: fixed text, or text computed from the latest observation's
 * text; null means "not on screen yet": the server answers WAIT and tries the
 * same entry next turn; `{ again }` answers `again` and also stays on the
 * entry (an action repeated until the screen shows it worked). An entry that
 * waits longer than `waitLimitMs` for the screen is answered FAIL and noted
 * as a problem: a wait bounded by time, not by turns, which load can use up.
 */
export type Reply = string | ((observationText: string) => string | { again: string } | null);

export interface ChatServer {
  url: string;
  requests: Message[][];
  /** Problems found in requests (a test asserts this is empty). */
  problems: string[];
  /** Actions the script repeated (`{ again }` other than WAIT), each a retry to report. */
  repeats(): number;
  /** Whether the whole script has been given (its last entry answered). */
  finished(): boolean;
  stop(): Promise<void>;
}

export function startChatServer(
  script: Reply[],
  expect: { model: string; observation: string; apiKey?: string },
  waitLimitMs = 60_000,
): ChatServer {
  const requests: Message[][] = [];
  const problems: string[] = [];
  let next = 0;
  let repeats = 0;
  /** When the current entry was first asked (it waits while it answers WAIT or again). */
  let entrySince = Date.now();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      problems.push(`unexpected ${req.method} ${url.pathname}`);
      return new Response("not found", { status: 404 });
    }
    const auth = req.headers.get("authorization");
    if (expect.apiKey && auth !== `Bearer ${expect.apiKey}`) problems.push("wrong authorization");
    const body = await req.json();
    try {
      checkChatRequest(body, expect);
    } catch (e) {
      problems.push((e as Error).message);
    }
    requests.push(body.messages);
    const last = body.messages.at(-1) as Message;
    const text = typeof last.content === "string"
      ? last.content
      : last.content.filter((p) => p.type === "text").map((p) => p.text).join("\n");
    const reply = script[Math.min(next, script.length - 1)];
    let answer = typeof reply === "string" ? reply : reply(text) ?? { again: "WAIT" };
    if (typeof answer !== "string" && Date.now() - entrySince > waitLimitMs) {
      problems.push(`entry ${next + 1} waited over ${waitLimitMs} ms for the screen`);
      answer = "FAIL";
    }
    const content = typeof answer === "string" ? answer : answer.again;
    if (typeof answer !== "string" && content !== "WAIT") repeats++;
    if (typeof answer === "string") {
      next++;
      entrySince = Date.now();
    }
    return Response.json({
      id: `chat-${next}`,
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    });
  });
  const { port } = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    problems,
    finished: () => next >= script.length,
    repeats: () => repeats,
    stop: () => server.shutdown(),
  };
}

export function checkChatRequest(
  body: Record<string, unknown>,
  expect: { model: string; observation: string },
) {
  assert.equal(body.model, expect.model, "model");
  assert.equal(typeof body.max_tokens, "number", "max_tokens");
  const messages = body.messages as Message[];
  assert.ok(Array.isArray(messages) && messages.length >= 2, "messages");
  assert.equal(messages[0].role, "system");
  assert.match(String(messages[0].content), /Your task: /);
  const roles = messages.slice(1).map((m) => m.role);
  roles.forEach((role, i) => assert.equal(role, i % 2 === 0 ? "user" : "assistant", "turn order"));
  const last = messages.at(-1)!;
  assert.ok(Array.isArray(last.content), "the observation is a list of parts");
  const parts = last.content as Part[];
  const images = parts.filter((p) => p.type === "image_url");
  const texts = parts.filter((p) => p.type === "text").map((p) => p.text ?? "").join("\n");
  const wantsImage = expect.observation !== "a11y_tree";
  assert.equal(images.length, wantsImage ? 1 : 0, "screenshot parts");
  for (const image of images) {
    assert.match(image.image_url?.url ?? "", /^data:image\/png;base64,iVBORw0KGgo/);
  }
  if (expect.observation === "som") {
    assert.match(texts, /Numbered elements:\nindex\ttag\tname\ttext/);
  }
  if (expect.observation.includes("a11y")) {
    assert.match(texts, /Accessibility tree:\ntag\tname\ttext/);
  }
  if (expect.observation === "screenshot") assert.doesNotMatch(texts, /Accessibility tree/);
}

/** The centre of the first table line whose name cell equals `name` (a11y table or som list). */
export function centreOf(table: string, name: string): { x: number; y: number } {
  for (const line of table.split("\n")) {
    const cells = line.split("\t");
    if (cells[1] !== name) continue;
    const [x, y] = cells[5].slice(1, -1).split(", ").map(Number);
    const [w, h] = cells[6].slice(1, -1).split(", ").map(Number);
    return { x: x + Math.floor(w / 2), y: y + Math.floor(h / 2) };
  }
  throw new Error(`no element named ${name} in the table`);
}

/** The login scenario's fields from an a11y table: Username is listed, Password sits 40 px below. */
export function loginPoints(table: string) {
  const user = centreOf(table, "Username");
  return { user, password: { x: user.x, y: user.y + 40 }, login: centreOf(table, "Login") };
}
