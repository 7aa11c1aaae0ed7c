// What the container tests share: whether podman and the base image are here,
// the image's name, and podman itself.

import { commandExists } from "../helpers/parts.ts";
import { waitFor } from "../helpers/proc.ts";

/** The image the tests build and run (deno task fleet build's default name). */
export const IMAGE = "localhost/oso-desktop:latest";
/** What deploy/Containerfile starts FROM. */
const BASE = "debian:bookworm-slim";
export const CONTAINER_HINT =
  "apt-get install podman runc mmdebstrap, then deploy/base-image.sh (see .ci/run)";

export async function podman(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = await new Deno.Command("podman", { args, stdout: "piped", stderr: "piped" })
    .output();
  const decoder = new TextDecoder();
  return { code: out.code, out: decoder.decode(out.stdout), err: decoder.decode(out.stderr) };
}

/** podman runs, and the base image is in its storage. */
export async function containerPartsReady(): Promise<boolean> {
  if (!commandExists("podman")) return false;
  return (await podman(["image", "exists", BASE])).code === 0;
}

const CLI = new URL("../../lib/osworld/interfaces/fleet/cli.ts", import.meta.url).pathname;
let built: Promise<void> | null = null;

/** Builds the image once per test process (`deno task fleet build`; cached layers make it quick). */
export function ensureImage(): Promise<void> {
  built ??= (async () => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CLI, "build", "--image", IMAGE],
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (out.code !== 0) {
      throw new Error(
        `the image did not build:\n${new TextDecoder().decode(out.stderr).slice(-3000)}`,
      );
    }
  })();
  return built;
}

/** Polls `probe` until it answers true (a failing probe counts as false); fails after `limitMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  limitMs = 180_000,
): Promise<void> {
  await waitFor(what, () => probe().then((ok) => (ok ? true : null), () => null), limitMs);
}
