// The hand-written fixture trace (tests/fixtures/traces/) and the trace CLI,
// shared by the report and the OSWorld export tests.

import { join } from "node:path";

export const FIXTURE = new URL("../fixtures/traces/trace-0a1b2c3d", import.meta.url).pathname;
const CLI = new URL("../../lib/interfaces/cli/trace.ts", import.meta.url).pathname;
const REPO = new URL("../..", import.meta.url).pathname;

/** A writable copy of the fixture trace (tests never write into tests/fixtures). */
export async function fixtureCopy(): Promise<string> {
  const dir = join(await Deno.makeTempDir({ prefix: "oso-trace-" }), "trace-0a1b2c3d");
  await Deno.mkdir(join(dir, "screenshots"), { recursive: true });
  await Deno.copyFile(join(FIXTURE, "trace.jsonl"), join(dir, "trace.jsonl"));
  for await (const entry of Deno.readDir(join(FIXTURE, "screenshots"))) {
    await Deno.copyFile(
      join(FIXTURE, "screenshots", entry.name),
      join(dir, "screenshots", entry.name),
    );
  }
  return dir;
}

/** lib/interfaces/cli/trace.ts as a subprocess, from the repository's root. */
export async function runCli(...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", CLI, ...args],
    cwd: REPO,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}
