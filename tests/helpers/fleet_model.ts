// A local OpenAI-compatible model for suites run by many pods at once: it
// checks every request (route, key, model, message shapes), tells the tasks
// apart by the instruction in the system prompt, and answers each
// conversation from that task's script, which reads the observation as a
// model would. One task's first conversation can be held unanswered, for a
// test that kills the pod asking.

import { checkChatRequest, type Message } from "./chat_server.ts";

/** The next reply given the observation's text and the replies kept in the prompt; null: WAIT. */
export type TaskScript = (observation: string, earlierReplies: string[]) => string | null;

export interface FleetModel {
  url: string;
  problems: string[];
  /** Requests per instruction. */
  requests: Map<string, number>;
  /** Resolves when the held task's first request has arrived. */
  held: Promise<void>;
  stop(): Promise<void>;
}

function text(message: Message): string {
  return typeof message.content === "string"
    ? message.content
    : message.content.filter((p) => p.type === "text").map((p) => p.text).join("\n");
}

export function startFleetModel(
  scripts: Map<string, TaskScript>,
  expect: { model: string; apiKey: string; hold: string | null },
): FleetModel {
  const problems: string[] = [];
  const requests = new Map<string, number>();
  let heldOnce = false;
  let markHeld = () => {};
  /** Ends a held request still open at stop (the server waits for open requests). */
  const release = new AbortController();
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      problems.push(`unexpected ${req.method} ${url.pathname}`);
      return new Response("not found", { status: 404 });
    }
    if (req.headers.get("authorization") !== `Bearer ${expect.apiKey}`) {
      problems.push("a request without the key");
    }
    const body = await req.json();
    try {
      checkChatRequest(body, { model: expect.model, observation: "a11y_tree" });
    } catch (e) {
      problems.push((e as Error).message);
    }
    const messages = body.messages as Message[];
    const instruction = /Your task: (.*)/.exec(text(messages[0]))?.[1]?.trim() ?? "";
    const script = scripts.get(instruction);
    if (!script) {
      problems.push(`a task nobody scripted: ${instruction}`);
      return Response.json({ error: "unknown task" }, { status: 400 });
    }
    requests.set(instruction, (requests.get(instruction) ?? 0) + 1);
    if (instruction === expect.hold && !heldOnce) {
      heldOnce = true;
      markHeld();
      // Unanswered until the pod asking is killed (its connection closes).
      await new Promise((resolve) => {
        req.signal.addEventListener("abort", resolve);
        release.signal.addEventListener("abort", resolve);
      });
      return new Response(null, { status: 499 });
    }
    const earlier = messages.filter((m) => m.role === "assistant").map(text);
    const reply = script(text(messages.at(-1)!), earlier) ?? "WAIT";
    return Response.json({
      id: `chat-${requests.get(instruction)}`,
      object: "chat.completion",
      choices: [{
        index: 0,
        message: { role: "assistant", content: reply },
        finish_reason: "stop",
      }],
    });
  });
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/v1`,
    problems,
    requests,
    held,
    stop: () => {
      release.abort();
      return server.shutdown();
    },
  };
}
