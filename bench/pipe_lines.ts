// How the worker and the AT-SPI host read each other's lines (issues 21 and
// 45): a round trip of one request line to a child process that answers each
// line, on its stdin and stdout read through a TextDecoderStream (as at
// first) and chunk by chunk (LineSplitter, adapters/linux/atspi/host_protocol.ts),
// on a Unix socket read chunk by chunk, and on a Unix socket the child reads
// through libc in a synchronous loop with a 5 ms pump (as the host now
// does), with both sides idle for 50 ms between round trips, as an observe
// finds them.
//
//   npx -y deno@2.9.6 run -A bench/pipe_lines.ts
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { LineSplitter, readsOf, writeAll } from "../adapters/linux/atspi/host_protocol.ts";
import { SocketClosedError, UnixSocket } from "../adapters/linux/dbus_wire/socket.ts";
import { openLibc } from "../adapters/linux/ffi/libc.ts";
import { median, percentile } from "./measure/timing.ts";

const ROUND_TRIPS = 300;
const IDLE_MS = 50;
type Reading = "streams" | "chunks" | "socket" | "libc";

/** The lines of a byte source, as they complete. */
async function* linesOf(next: () => Promise<Uint8Array | null>): AsyncGenerator<string> {
  const lines = new LineSplitter();
  for (let chunk = await next(); chunk !== null; chunk = await next()) yield* lines.push(chunk);
}

/** The lines of `stream`, the way `reading` says. */
function linesFrom(stream: ReadableStream<Uint8Array>, reading: Reading): AsyncIterable<string> {
  if (reading === "chunks") {
    const reader = stream.getReader();
    return linesOf(async () => {
      const { value, done } = await reader.read();
      return done ? null : value;
    });
  }
  return (async function* () {
    let buffered = "";
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf("\n")) >= 0) {
        yield buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
      }
    }
  })();
}

/** The child: answers every line with itself, with a 5 ms timer running as the host's pump. */
async function echo(reading: Reading, socket?: string): Promise<void> {
  const encoder = new TextEncoder();
  if (reading === "libc") {
    const conn = UnixSocket.connect(openLibc().libc, { path: socket!, abstract: false });
    const chunk = new Uint8Array(1 << 16);
    const lines = new LineSplitter();
    try {
      for (;;) {
        const read = conn.readSome(chunk, performance.now() + 5);
        for (const line of lines.push(chunk.subarray(0, read))) {
          conn.writeAll(encoder.encode(line + "\n"));
        }
      }
    } catch (e) {
      // The parent hung up: the run is over.
      if (!(e instanceof SocketClosedError)) throw e;
      Deno.exit(0);
    }
  }
  setInterval(() => {}, 5);
  if (reading === "socket") {
    const conn = await Deno.connect({ transport: "unix", path: socket! });
    for await (const line of linesOf(readsOf(conn))) {
      await writeAll(conn, encoder.encode(line + "\n"));
    }
    Deno.exit(0);
  }
  for await (const line of linesFrom(Deno.stdin.readable, reading)) {
    const bytes = encoder.encode(line + "\n");
    for (let written = 0; written < bytes.length;) {
      written += Deno.stdout.writeSync(bytes.subarray(written));
    }
  }
  Deno.exit(0);
}

/** The child's way to the parent: its stdin and stdout, or a socket the parent listens on. */
async function connectChild(reading: Reading) {
  const run = ["run", "-A", new URL(import.meta.url).href, "--echo", reading];
  if (reading === "streams" || reading === "chunks") {
    const child = new Deno.Command(Deno.execPath(), {
      args: run,
      stdin: "piped",
      stdout: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    return {
      write: (bytes: Uint8Array) => writer.write(bytes),
      replies: linesFrom(child.stdout, reading)[Symbol.asyncIterator](),
      close: async () => {
        await writer.close();
        await child.status;
      },
    };
  }
  const dir = Deno.makeTempDirSync({ prefix: "oso-bench-" });
  const listener = Deno.listen({ transport: "unix", path: `${dir}/echo.sock` });
  const child = new Deno.Command(Deno.execPath(), { args: [...run, `${dir}/echo.sock`] }).spawn();
  const conn = await listener.accept();
  listener.close();
  return {
    write: (bytes: Uint8Array) => writeAll(conn, bytes),
    replies: linesOf(readsOf(conn))[Symbol.asyncIterator](),
    close: async () => {
      conn.close();
      await child.status;
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

async function roundTrips(reading: Reading): Promise<number[]> {
  const { write, replies, close } = await connectChild(reading);
  const request = new TextEncoder().encode(
    JSON.stringify({
      id: 1,
      method: "capture",
      window: { window: "4194310", pid: 1, title: "Untitled 1 - Mousepad" },
      limits: { maxDepth: 64, maxNodes: 20000, timeoutMs: 10000 },
      known: "d689e684-16",
      mirror: true,
      walk: false,
    }) + "\n",
  );
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const started = performance.now();
    await write(request);
    await replies.next();
    times.push(performance.now() - started);
  }
  await close();
  return times;
}

const READINGS: Record<Reading, string> = {
  streams: "stdio, TextDecoderStream",
  chunks: "stdio, chunks",
  socket: "Unix socket, chunks",
  libc: "Unix socket read through libc, synchronously",
};

if (Deno.args[0] === "--echo") {
  await echo(Deno.args[1] as Reading, Deno.args[2]);
} else {
  console.log(`Round trips of one line, ${ROUND_TRIPS} each, ${IDLE_MS} ms idle before each:\n`);
  console.log("| reading | p50 | p95 |");
  console.log("|---|---:|---:|");
  for (const reading of ["streams", "chunks", "socket", "libc"] as const) {
    const times = await roundTrips(reading);
    console.log(
      `| ${READINGS[reading]} | ${median(times).toFixed(3)} ms | ${
        percentile(times, 0.95).toFixed(3)
      } ms |`,
    );
  }
}
