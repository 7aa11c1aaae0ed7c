// Spawns the service as an MCP server on stdio, either behind the official SDK
// client or as a raw child process driven with hand-written JSON lines.

import assert from "node:assert/strict";
import type { CallToolResult } from "./mcp_sdk_client.ts";
import { Client, getDefaultEnvironment, StdioClientTransport } from "./mcp_sdk_client.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** Flags and a temp directory (cwd and config, written when given) for one service process. */
async function serviceArgs(mode: string, extra: string[], config?: object, mock = true) {
  const dir = await Deno.makeTempDir({ prefix: "oso-mcp-test-" });
  if (config) await Deno.writeTextFile(`${dir}/config.json`, JSON.stringify(config));
  const args = [
    "run",
    "--allow-all",
    MAIN,
    ...(mock ? ["--mock"] : []),
    "--config",
    `${dir}/config.json`,
  ];
  return { dir, args: [...args, ...(mode === "auto" ? [] : ["--mode", mode]), ...extra] };
}

export interface SdkSession {
  client: Client;
  /** The service's working directory (its config, and files it writes with relative paths). */
  dir: string;
  stderr(): string;
  close(): Promise<void>;
}

/** The official client, connected (initialize done) to a spawned service. */
export async function connectSdkClient(
  mode = "mcp",
  extra: string[] = [],
  config?: object,
  env: Record<string, string> = {},
  /** Runs the Windows build of Deno under wine, on its real desktop (tests/windows/wine.ts). */
  wine?: { deno: string; env: Record<string, string> },
): Promise<SdkSession> {
  const { dir, args } = await serviceArgs(mode, extra, config, wine === undefined);
  const transport = new StdioClientTransport({
    command: wine ? "wine" : Deno.execPath(),
    args: wine ? [wine.deno, ...args] : args,
    cwd: dir,
    env: { ...getDefaultEnvironment(), NO_COLOR: "1", ...wine?.env, ...env },
    stderr: "pipe",
  });
  let stderrText = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderrText += new TextDecoder().decode(chunk);
  });
  const client = new Client({ name: "oso-tests", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    dir,
    stderr: () => stderrText,
    async close() {
      await client.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** The text content of a tool result, parsed as the JSON it holds. */
export function resultJson(result: unknown): Record<string, unknown> {
  const content = (result as CallToolResult).content;
  const first = content[0];
  if (first?.type !== "text") throw new Error(`no text content: ${JSON.stringify(content)}`);
  return JSON.parse(first.text);
}

/** A run of base64 long enough to be a payload rather than an id, token or hash. */
const BASE64_PAYLOAD = /[A-Za-z0-9+/]{1000,}={0,2}/;

/**
 * A tool result carries its pixels once: one text item without any base64
 * payload, and one image item per `image_content` pointer in that text.
 */
export function assertPixelsOnce(result: CallToolResult, label: string): void {
  const texts = result.content.flatMap((c) => (c.type === "text" ? [c.text] : []));
  assert.equal(texts.length, 1, label);
  assert.doesNotMatch(texts[0], BASE64_PAYLOAD, label);
  const images = result.content.filter((c) => c.type === "image").length;
  assert.equal(images, (texts[0].match(/"image_content":\d+/g) ?? []).length, label);
}

export type JsonRpcMessage = Record<string, unknown> & { id?: number | string };

/** A service child process with newline-delimited JSON-RPC on its stdin/stdout. */
export class RawMcp {
  private readonly stdoutLines: string[] = [];
  private readonly waiters: Array<() => void> = [];
  private consumed = 0;
  private stderrText = "";
  private stdoutClosed = false;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly pumps: Promise<void>;

  private constructor(private readonly child: Deno.ChildProcess, private readonly dir: string) {
    this.writer = child.stdin.getWriter();
    this.pumps = Promise.all([this.readStdout(), this.readStderr()]).then(() => {});
  }

  static async spawn(mode = "mcp", extra: string[] = [], config?: object): Promise<RawMcp> {
    const { dir, args } = await serviceArgs(mode, extra, config);
    const child = new Deno.Command(Deno.execPath(), {
      args,
      cwd: dir,
      env: { NO_COLOR: "1" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    return new RawMcp(child, dir);
  }

  /** Writes lines exactly as given, each followed by "\n". */
  async writeLines(...lines: string[]): Promise<void> {
    await this.writer.write(new TextEncoder().encode(lines.map((l) => l + "\n").join("")));
  }

  /** Writes raw bytes, newlines included (for lines that are not valid UTF-8). */
  async writeBytes(bytes: Uint8Array): Promise<void> {
    await this.writer.write(bytes);
  }

  send(message: JsonRpcMessage): Promise<void> {
    return this.writeLines(JSON.stringify({ jsonrpc: "2.0", ...message }));
  }

  /** The next stdout line as JSON; fails after `timeoutMs` or when stdout ends. */
  async next(timeoutMs = 20_000): Promise<JsonRpcMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.consumed >= this.stdoutLines.length) {
      if (this.stdoutClosed) throw new Error(`stdout ended; stderr:\n${this.stderrText}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no message within ${timeoutMs} ms; stderr:\n${this.stderrText}`);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
    return JSON.parse(this.stdoutLines[this.consumed++]);
  }

  /** Sends a request and returns the next message, which must answer it. */
  async request(id: number, method: string, params?: unknown): Promise<JsonRpcMessage> {
    await this.send({ id, method, ...(params === undefined ? {} : { params }) });
    const reply = await this.next();
    if (reply.id !== id) throw new Error(`expected a reply to ${id}, got ${JSON.stringify(reply)}`);
    return reply;
  }

  /** Closes stdin and waits for the process to end. */
  async finish(): Promise<{ code: number; stdout: string[]; stderr: string }> {
    await this.writer.close().catch(() => {});
    const status = await this.child.status;
    await this.pumps;
    await Deno.remove(this.dir, { recursive: true }).catch(() => {});
    return { code: status.code, stdout: [...this.stdoutLines], stderr: this.stderrText };
  }

  stderr(): string {
    return this.stderrText;
  }

  private async readStdout(): Promise<void> {
    let buffered = "";
    for await (const text of this.child.stdout.pipeThrough(new TextDecoderStream())) {
      buffered += text;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      this.stdoutLines.push(...lines);
      this.wake();
    }
    if (buffered !== "") this.stdoutLines.push(buffered);
    this.stdoutClosed = true;
    this.wake();
  }

  private async readStderr(): Promise<void> {
    for await (const text of this.child.stderr.pipeThrough(new TextDecoderStream())) {
      this.stderrText += text;
    }
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/** Polls /api/healthz until the HTTP side of a `both` process answers; the limit is only a hang guard. */
export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    try {
      const res = await fetch(`${url}/api/healthz`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
