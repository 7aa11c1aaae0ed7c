// Tests that need a real part (Xvfb, Chromium, AT-SPI...) ask here first.
// Locally a missing part skips the test with a message naming what to install;
// with OSO_REQUIRE_ALL_PARTS=1 (set by .ci/run) a missing part fails the run.

export const REQUIRE_ALL_PARTS = Deno.env.get("OSO_REQUIRE_ALL_PARTS") === "1";

/** Returns true when the test may run; false (after a message) when it must skip. */
export function partAvailable(part: string, available: boolean, installHint: string): boolean {
  if (available) return true;
  const message = `missing part: ${part} — ${installHint}`;
  if (REQUIRE_ALL_PARTS) throw new Error(`${message} (OSO_REQUIRE_ALL_PARTS=1 forbids skipping)`);
  console.error(`SKIP ${message}`);
  return false;
}

export function commandExists(cmd: string): boolean {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(`${dir}/${cmd}`).isFile) return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}
