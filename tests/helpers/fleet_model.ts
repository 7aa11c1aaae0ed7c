// A local OpenAI-compatible model for suites run by many pods at once: it
// checks every request (route, key, model, message shapes), tells the tasks
// apart by the instruction in the system prompt, and answers each
// conversation from that task's script, which reads the observation as a
// model would. One task's first conversation can be held unanswered, for a
// test that kills the pod asking.

import { join } from "node:path";
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

// The model's side of tests/fixtures/fleet/tasks: a careful agent on the
// product, the difference and the note, a careless one on the sum.

const py = (code: string) => `Acting.\n\`\`\`python\n${code}\n\`\`\``;
/** Lines of the observation's element table, split into cells. */
const rows = (obs: string) => obs.split("\n").map((line) => line.split("\t"));
/** A table row whose name or text is `value`. */
const shows = (obs: string, value: string) =>
  rows(obs).some((cells) => cells[1]?.trim() === value || cells[2]?.trim() === value);
const listsTag = (obs: string, tag: string) => rows(obs).some((cells) => cells[0] === tag);

/** Types `input` until the display shows `result`, then DONE (a careful agent). */
const calculatorRight = (input: string, result: string): TaskScript => (obs) =>
  shows(obs, result)
    ? "DONE"
    : listsTag(obs, "push-button")
    ? py(`pyautogui.press('escape')\npyautogui.write('${input}')\npyautogui.press('enter')`)
    : null;
/** Types a wrong sum once, then says DONE without looking. */
const calculatorWrong = (input: string): TaskScript => (obs, earlier) =>
  earlier.some((reply) => reply.includes("pyautogui.write"))
    ? "DONE"
    : listsTag(obs, "push-button")
    ? py(`pyautogui.write('${input}')\npyautogui.press('enter')`)
    : null;
/** Mousepad's File menu is listed (its empty editor is not). */
const noteRight: TaskScript = (obs) =>
  shows(obs, "fleet note")
    ? "DONE"
    : shows(obs, "File")
    ? py(`pyautogui.hotkey('ctrl', 'a')\npyautogui.write('fleet note')`)
    : null;

/**
 * The scripts of the fixture suite in `tasksDir`, by instruction, and the
 * instruction whose first conversation a test holds (the difference: index 0).
 */
export async function fixtureSuiteScripts(
  tasksDir: string,
): Promise<{ scripts: Map<string, TaskScript>; held: string }> {
  const instruction = async (file: string): Promise<string> =>
    JSON.parse(await Deno.readTextFile(join(tasksDir, file))).instruction;
  const held = await instruction("gnome-calculator/oso-fleet-difference.json");
  const scripts = new Map<string, TaskScript>([
    [await instruction("gnome-calculator/oso-fleet-product.json"), calculatorRight("7*6", "42")],
    [await instruction("gnome-calculator/oso-fleet-sum.json"), calculatorWrong("12-33")],
    [held, calculatorRight("50-8", "42")],
    [await instruction("mousepad/oso-fleet-note.json"), noteRight],
  ]);
  return { scripts, held };
}
