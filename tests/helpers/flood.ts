// A separate process that holds hostile connections against a service until
// its stdin closes, so the test process measuring the service is not slowed
// by its own attack. Usage: flood.ts <port> <idle> <slowloris> <oversize> [per-second]
// Opens the idle connections at `per-second` (default: as fast as it can).
// Prints "ready" on stdout once every connection is open.

const [port, idle, slowLoris, oversize, perSecond = 0] = Deno.args.map(Number);
const encoder = new TextEncoder();
const conns: Deno.Conn[] = [];
let stopped = false;

const connect = () => Deno.connect({ hostname: "127.0.0.1", port });
const head = (fields: string) =>
  encoder.encode(
    `POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${fields}\r\n`,
  );

/** Writes until the server refuses the body and closes (the expected end) or the flood stops. */
async function push(conn: Deno.Conn, first: Uint8Array, piece: Uint8Array): Promise<void> {
  try {
    await conn.write(first);
    while (!stopped) await conn.write(piece);
  } catch {
    // refused with 413 and closed
  }
}

const started = performance.now();
for (let i = 0; i < idle; i++) {
  conns.push(await connect());
  const due = perSecond > 0 ? started + ((i + 1) * 1000) / perSecond : 0;
  if (due > performance.now() + 10) {
    await new Promise((r) => setTimeout(r, due - performance.now()));
  }
}
const trickles: ReturnType<typeof setInterval>[] = [];
for (let i = 0; i < slowLoris; i++) {
  const conn = await connect();
  conns.push(conn);
  await conn.write(encoder.encode("GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")).catch(
    () => {},
  );
  trickles.push(setInterval(() => conn.write(encoder.encode("X: y\r\n")).catch(() => {}), 300));
}
const pushes: Promise<void>[] = [];
const raw = new Uint8Array(256 * 1024).fill(0x61);
const chunk = encoder.encode(`40000\r\n${"a".repeat(0x40000)}\r\n`);
for (let i = 0; i < oversize; i++) {
  const conn = await connect();
  conns.push(conn);
  pushes.push(
    i % 2 === 0
      ? push(conn, head("Content-Length: 100000000\r\n"), raw)
      : push(conn, head("Transfer-Encoding: chunked\r\n"), chunk),
  );
}
console.log("ready");

for await (const _ of Deno.stdin.readable) {
  // runs until the test closes our stdin
}
stopped = true;
for (const t of trickles) clearInterval(t);
for (const conn of conns) {
  try {
    conn.close();
  } catch {
    // closed by the server
  }
}
await Promise.all(pushes);
