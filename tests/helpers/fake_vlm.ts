// A vision-model server for tests: real HTTP on 127.0.0.1, speaking the
// OpenAI chat-completions wire format. It checks every request it receives
// against what the service must send (path, method, headers, key, body shape,
// the image) and records what it found wrong in `problems`; answers come from
// a script the test sets, including errors, redirects and stalls.

import { decodePng } from "../../lib/formats/image/png.ts";
import { decodeBase64, pngSize } from "./http.ts";

export interface FakeVlmRules {
  /** The key the service must send as `Bearer <key>`; null: no Authorization header at all. */
  apiKey: string | null;
  temperature: number;
  /** The longer edge of every image must be at most this. */
  imageMaxDim: number;
}

export interface Received {
  path: string;
  model: string;
  max_tokens: number;
  temperature: number;
  /** The prompt (the text part). */
  text: string;
  /** The image's size, or null for a text-only request. */
  image: { width: number; height: number } | null;
  /** The body as it arrived. */
  raw: string;
}

export type Answer =
  | { reply: string; usage?: number; finish_reason?: string }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** 200 with this text as the body, whatever it is. */
  | { raw: string }
  | { redirect: true }
  /** Never answers (until the client gives up). */
  | { stall: true };

const CHAT_PATHS = ["/api/v1/chat/completions", "/v1/chat/completions"];
/** Open WebUI's prefix: answered 404 unless `servesApiV1`, so the client falls back to /v1. */
const API_V1 = "/api/v1/chat/completions";

export class FakeVlm {
  readonly requests: Received[] = [];
  readonly problems: string[] = [];
  /** Requests that arrived at the redirect's target (a followed redirect). */
  followedRedirects = 0;
  /** Requests that got a stall. */
  stalls = 0;
  servesApiV1 = false;
  answer: (request: Received) => Answer = () => ({ reply: "ok" });
  private readonly abort = new AbortController();
  private readonly releases: Array<() => void> = [];
  private readonly server: Deno.HttpServer<Deno.NetAddr>;

  constructor(readonly rules: FakeVlmRules) {
    this.server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, signal: this.abort.signal, onListen() {} },
      (request) => this.handle(request),
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.server.addr.port}`;
  }

  /** Requests to the chat path (the 404s of the /api/v1 probe left out). */
  get answered(): Received[] {
    return this.requests.filter((r) => this.servesApiV1 || r.path !== API_V1);
  }

  last(): Received {
    const all = this.answered;
    if (all.length === 0) throw new Error("the fake VLM got no request");
    return all[all.length - 1];
  }

  reset(): void {
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    for (const release of this.releases) release();
    this.abort.abort();
    await this.server.finished;
  }

  private problem(request: Received | null, text: string): void {
    this.problems.push(`${request?.path ?? "?"} ${request?.model ?? ""}: ${text}`);
  }

  private async handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === "/elsewhere") {
      this.followedRedirects++;
      return Response.json({ choices: [{ message: { content: "followed" } }] });
    }
    const raw = await request.text();
    const received = await this.check(request, path, raw);
    if (!received) return Response.json({ error: "bad request" }, { status: 400 });
    this.requests.push(received);
    if (path === API_V1 && !this.servesApiV1) {
      return Response.json({ detail: "Not Found" }, { status: 404 });
    }
    return await this.respond(this.answer(received));
  }

  private async respond(answer: Answer): Promise<Response> {
    if ("reply" in answer) {
      return Response.json({
        id: "chatcmpl-test",
        object: "chat.completion",
        choices: [{
          index: 0,
          message: { role: "assistant", content: answer.reply },
          finish_reason: answer.finish_reason ?? "stop",
        }],
        ...(answer.usage === undefined ? {} : {
          usage: { prompt_tokens: 100, completion_tokens: answer.usage, total_tokens: 0 },
        }),
      });
    }
    if ("status" in answer) {
      const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      return new Response(body ?? "", {
        status: answer.status,
        headers: { "Content-Type": "application/json", ...answer.headers },
      });
    }
    if ("raw" in answer) {
      return new Response(answer.raw, { headers: { "Content-Type": "application/json" } });
    }
    if ("redirect" in answer) {
      return new Response(null, { status: 302, headers: { Location: `${this.url}/elsewhere` } });
    }
    this.stalls++;
    // Held until close(): the client must give up by itself.
    await new Promise<void>((resolve) => this.releases.push(resolve));
    return new Response("too late", { status: 504 });
  }

  /** Everything the service must get right, for every request. */
  private async check(request: Request, path: string, raw: string): Promise<Received | null> {
    const problems: string[] = [];
    if (!CHAT_PATHS.includes(path)) problems.push(`unexpected path ${path}`);
    if (request.method !== "POST") problems.push(`method ${request.method}`);
    if (request.headers.get("content-type") !== "application/json") {
      problems.push(`Content-Type ${request.headers.get("content-type")}`);
    }
    const auth = request.headers.get("authorization");
    const wanted = this.rules.apiKey === null ? null : `Bearer ${this.rules.apiKey}`;
    if (auth !== wanted) {
      problems.push(
        wanted === null ? "an Authorization header without a key configured" : "wrong key",
      );
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      this.problem(null, `${path}: body is not JSON`);
      return null;
    }
    const { model, max_tokens, temperature, messages } = body as {
      model: unknown;
      max_tokens: unknown;
      temperature: unknown;
      messages: unknown;
    };
    if (typeof model !== "string" || model === "") problems.push("no model");
    if (!Number.isInteger(max_tokens) || (max_tokens as number) < 1) {
      problems.push(`max_tokens ${max_tokens}`);
    }
    if (temperature !== this.rules.temperature) problems.push(`temperature ${temperature}`);
    const { text, image } = await this.checkMessages(messages, problems);
    const received: Received = {
      path,
      model: String(model),
      max_tokens: Number(max_tokens),
      temperature: Number(temperature),
      text,
      image,
      raw,
    };
    for (const p of problems) this.problem(received, p);
    return received;
  }

  private async checkMessages(
    messages: unknown,
    problems: string[],
  ): Promise<{ text: string; image: Received["image"] }> {
    const none = { text: "", image: null };
    if (!Array.isArray(messages) || messages.length !== 1) {
      problems.push("messages is not one message");
      return none;
    }
    const [message] = messages;
    if (message?.role !== "user" || !Array.isArray(message.content)) {
      problems.push("the message is not a user message with content parts");
      return none;
    }
    const parts = message.content as Array<Record<string, unknown>>;
    const textPart = parts[parts.length - 1];
    if (textPart?.type !== "text" || typeof textPart.text !== "string" || textPart.text === "") {
      problems.push("the last part is not the prompt text");
    }
    let image: Received["image"] = null;
    if (parts.length === 2) {
      image = await this.checkImage(parts[0], problems);
    } else if (parts.length !== 1) {
      problems.push(`${parts.length} content parts`);
    }
    return { text: String(textPart?.text ?? ""), image };
  }

  private async checkImage(
    part: Record<string, unknown>,
    problems: string[],
  ): Promise<Received["image"]> {
    const url = (part.image_url as { url?: unknown } | undefined)?.url;
    const prefix = "data:image/png;base64,";
    if (part.type !== "image_url" || typeof url !== "string" || !url.startsWith(prefix)) {
      problems.push("the first part is not a PNG data URL");
      return null;
    }
    try {
      const png = decodeBase64(url.slice(prefix.length));
      const size = pngSize(png);
      const decoded = await decodePng(png, { maxPixels: 50_000_000 });
      if (decoded.width !== size.width || decoded.height !== size.height) {
        problems.push("the PNG does not decode to its header's size");
      }
      if (Math.max(size.width, size.height) > this.rules.imageMaxDim) {
        problems.push(`image ${size.width}×${size.height} exceeds ${this.rules.imageMaxDim}`);
      }
      return size;
    } catch (e) {
      problems.push(`the image is not a PNG: ${(e as Error).message}`);
      return null;
    }
  }
}

export function startFakeVlm(rules: FakeVlmRules): FakeVlm {
  return new FakeVlm(rules);
}
