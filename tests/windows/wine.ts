// The Windows build of Deno under wine, for the Windows adapter's tests and
// benchmark: a cached kit (deno.exe from the npm registry made to run on wine
// 8.0, a prepared prefix, a Deno cache) and throwaway desktops (Xvfb, a copy
// of the prefix, wine's explorer as the shell) to start Win32 programs on.
//
// wine 8.0 needs two workarounds to run deno.exe: a bcryptprimitives.dll
// exporting ProcessPrng (wine lacks the DLL), and V8 must not find
// VirtualAlloc2 (wine exports it without placeholder support, and V8 aborts
// reserving its pointer tables); one renamed import string makes V8 fall back.

import { commandExists, partAvailable } from "../helpers/parts.ts";
import { firstLine, terminateChildren } from "../linux/desktop.ts";
import { hexOf } from "../../lib/model/hex.ts";

export const WINDOWS_DENO_VERSION = "2.9.6";
export const WINE_PACKAGES = "wine wine64 fonts-wine xvfb xauth binutils-mingw-w64-x86-64 " +
  "gcc-mingw-w64-x86-64-win32";
const REQUIRED_COMMANDS = ["wine", "wineserver", "Xvfb", "x86_64-w64-mingw32-gcc", "npm"];

export function wineAvailable(): boolean {
  return REQUIRED_COMMANDS.every(commandExists);
}

const REPO = new URL("../../", import.meta.url).pathname;
const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;

function cacheRoot(): string {
  const base = Deno.env.get("XDG_CACHE_HOME") ?? `${Deno.env.get("HOME") ?? "/tmp"}/.cache`;
  return `${base}/oso-wine/${WINDOWS_DENO_VERSION}`;
}

async function run(cmd: string, args: string[], env: Record<string, string> = {}, cwd?: string) {
  const out = await new Deno.Command(cmd, { args, env, cwd, stdin: "null" }).output();
  if (!out.success) {
    const text = new TextDecoder().decode(out.stderr).slice(-2000);
    throw new Error(`${cmd} ${args.join(" ")} failed (${out.code}): ${text}`);
  }
  return new TextDecoder().decode(out.stdout);
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

const QUIET_WINE = { WINEDEBUG: "-all", WINEDLLOVERRIDES: "mscoree=;mshtml=" };

/** The Windows deno.exe, patched for wine 8.0 (see the file comment). */
async function windowsDeno(dir: string): Promise<string> {
  const exe = `${dir}/deno.exe`;
  if (exists(exe)) return exe;
  const work = await Deno.makeTempDir({ dir, prefix: "deno-" });
  await run("npm", ["pack", `@deno/win32-x64@${WINDOWS_DENO_VERSION}`, "--silent"], {}, work);
  await run("tar", ["xzf", `deno-win32-x64-${WINDOWS_DENO_VERSION}.tgz`], {}, work);
  const bytes = await Deno.readFile(`${work}/package/deno.exe`);
  const needle = new TextEncoder().encode("\0VirtualAlloc2\0");
  const at = indexOf(bytes, needle);
  if (at < 0) throw new Error("deno.exe has no VirtualAlloc2 import string to rename");
  bytes.set(new TextEncoder().encode("VirtualAllocX"), at + 1);
  await Deno.writeFile(`${work}/deno.exe`, bytes);
  await Deno.rename(`${work}/deno.exe`, exe);
  await Deno.remove(work, { recursive: true });
  return exe;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.indexOf(needle[0]); i >= 0; i = haystack.indexOf(needle[0], i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Builds a C program or DLL from tests/windows/fixtures with mingw, cached by source. */
export async function buildFixture(source: string, output: string, flags: string[] = []) {
  const dir = `${cacheRoot()}/built`;
  await Deno.mkdir(dir, { recursive: true });
  const text = await Deno.readFile(`${FIXTURES}${source}`);
  const tag = hexOf(new Uint8Array(await crypto.subtle.digest("SHA-1", text)).slice(0, 6));
  const path = `${dir}/${tag}-${output}`;
  if (exists(path)) return path;
  // Test files of one run share a process: each build writes a file of its own.
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  await run("x86_64-w64-mingw32-gcc", ["-O2", "-o", temp, `${FIXTURES}${source}`, ...flags]);
  await Deno.rename(temp, path);
  return path;
}

/** A wine prefix with the ProcessPrng shim in system32. */
async function basePrefix(dir: string): Promise<string> {
  const prefix = `${dir}/prefix`;
  if (exists(`${prefix}/.oso-ready`)) return prefix;
  const shim = await buildFixture("process_prng.c", "bcryptprimitives.dll", [
    "-shared",
    "-ladvapi32",
  ]);
  const work = `${dir}/prefix.${Deno.pid}.tmp`;
  await Deno.remove(work, { recursive: true }).catch(() => {});
  const env = { ...QUIET_WINE, WINEPREFIX: work };
  await run("wine", ["wineboot", "-i"], env);
  await run("wineserver", ["-w"], env);
  await Deno.copyFile(shim, `${work}/drive_c/windows/system32/bcryptprimitives.dll`);
  await Deno.writeTextFile(`${work}/.oso-ready`, "");
  await Deno.remove(prefix, { recursive: true }).catch(() => {});
  await Deno.rename(work, prefix);
  return prefix;
}

export interface WineKit {
  deno: string;
  prefix: string;
  /** Deno's cache for deno.exe (npm packages fetched once, kept between runs). */
  denoDir: string;
}

let kit: Promise<WineKit> | null = null;

/** Prepares (once, cached under ~/.cache/oso-wine) what running deno.exe on wine needs. */
export function prepareWine(): Promise<WineKit> {
  kit ??= (async () => {
    const dir = cacheRoot();
    await Deno.mkdir(dir, { recursive: true });
    return await withLock(`${dir}/.lock`, async () => ({
      deno: await windowsDeno(dir),
      prefix: await basePrefix(dir),
      denoDir: `${dir}/deno_dir`,
    }));
  })();
  return kit;
}

/** Runs `body` holding a lock file other processes (parallel test runs) wait on. */
async function withLock<T>(path: string, body: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      Deno.writeTextFileSync(path, String(Deno.pid), { createNew: true });
      break;
    } catch {
      const owner = Number(Deno.readTextFileSync(path) || 0);
      if (owner > 0 && !exists(`/proc/${owner}`)) Deno.removeSync(path);
      else if (Date.now() > deadline) throw new Error(`waited 300 s for ${path}`);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await body();
  } finally {
    Deno.removeSync(path);
  }
}

export interface WineProgram {
  /** What the program wrote so far (stdout and stderr). */
  output(): string;
  exited: Promise<Deno.CommandStatus>;
  kill(): Promise<void>;
}

export interface WineDesktop {
  kit: WineKit;
  display: string;
  /** The environment a process on this desktop needs (DISPLAY, WINEPREFIX, DENO_DIR...). */
  env: Record<string, string>;
  /** Starts a Windows program (a path or a name on wine's PATH such as notepad). */
  start(program: string, args?: string[]): WineProgram;
  /** Runs deno.exe (args after `deno`), cwd the repository. */
  deno(args: string[]): WineProgram;
  /** A fixture program built with mingw (tests/windows/fixtures/<name>.c). */
  fixture(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Xvfb, a private copy of the prefix (so parallel desktops share no
 * wineserver) and wine's explorer as a virtual desktop of the given size,
 * which gives windows frames and a shell window like Windows' own.
 */
export async function startWineDesktop(
  options: { width?: number; height?: number } = {},
): Promise<WineDesktop> {
  const kit = await prepareWine();
  const width = options.width ?? 1024;
  const height = options.height ?? 768;
  const children: Deno.ChildProcess[] = [];
  const temp = await Deno.makeTempDir({ prefix: "oso-wine-" });
  await run("cp", ["-a", kit.prefix, `${temp}/prefix`]);
  const xvfb = new Deno.Command("Xvfb", {
    args: ["-displayfd", "1", "-screen", "0", `${width}x${height}x24`, "-nolisten", "tcp"],
    stdout: "piped",
    stderr: "null",
    stdin: "null",
  }).spawn();
  children.push(xvfb);
  const display = `:${await firstLine(xvfb.stdout, "Xvfb")}`;
  const env: Record<string, string> = {
    ...QUIET_WINE,
    DISPLAY: display,
    WINEPREFIX: `${temp}/prefix`,
    DENO_DIR: kit.denoDir,
    NO_COLOR: "1",
  };
  // The first wine process starts wineserver and wine's services, which keep
  // its standard streams open for their lifetime: booted here without any, so
  // no program's pipes stay open after it ends (a waiting reader would hang).
  for (const [program, args] of [["wineserver", ["-p"]], ["wine", ["wineboot"]]] as const) {
    await new Deno.Command(program, {
      args: [...args],
      env,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
  }
  const start = (program: string, args: string[] = []): WineProgram => {
    const child = new Deno.Command("wine", {
      args: [program, ...args],
      env,
      cwd: REPO,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    children.push(child);
    let text = "";
    const decoder = new TextDecoder();
    const collect = (stream: ReadableStream<Uint8Array>) =>
      stream.pipeTo(
        new WritableStream({ write: (chunk) => void (text += decoder.decode(chunk)) }),
      ).catch(() => {});
    collect(child.stdout);
    collect(child.stderr);
    return {
      output: () => text,
      exited: child.status,
      kill: () => terminateChildren([child]),
    };
  };
  start("explorer", [`/desktop=oso,${width}x${height}`]);
  return {
    kit,
    display,
    env,
    start,
    deno: (args) => start(kit.deno, args),
    fixture: (name) => buildFixture(`${name}.c`, `${name}.exe`, ["-mwindows", "-municode"]),
    async stop() {
      await run("wineserver", ["-k"], env).catch(() => {});
      await terminateChildren(children);
      await removeSpawnLeftovers(kit.denoDir);
      await Deno.remove(temp, { recursive: true }).catch(() => {});
    },
  };
}

/** deno.exe leaves a ~93 MB node.exe.tmp-* in its cache each time it spawns a child. */
async function removeSpawnLeftovers(denoDir: string): Promise<void> {
  try {
    for await (const entry of Deno.readDir(denoDir)) {
      if (entry.name.startsWith("node.exe.tmp-")) {
        await Deno.remove(`${denoDir}/${entry.name}`, { recursive: true }).catch(() => {});
      }
    }
  } catch {
    // no cache yet
  }
}

/**
 * Runs `deno test` under wine on files of tests/windows/in_wine/ (checks that
 * need the Windows APIs, so the Linux test run cannot load them itself) and
 * throws with their output when one fails.
 */
export async function runInWine(desktop: WineDesktop, files: string[]): Promise<string> {
  const args = [
    "test",
    "--allow-all",
    "--no-check",
    ...files.map((f) => `tests/windows/in_wine/${f}`),
  ];
  const program = desktop.deno(args);
  const status = await program.exited;
  if (!status.success) throw new Error(`deno.exe ${args.join(" ")} failed:\n${program.output()}`);
  return program.output();
}

/**
 * A test on a wine desktop of its own, stopped afterwards whatever happens.
 * A wine program that never ends must not stall the suite: past `timeoutMs`
 * the test fails (and the desktop's stop ends every process on it).
 */
export function wineTest(
  name: string,
  body: (t: Deno.TestContext, desktop: WineDesktop) => Promise<void>,
  timeoutMs = 240_000,
): void {
  Deno.test({
    name,
    ignore: !partAvailable("wine", wineAvailable(), `apt-get install ${WINE_PACKAGES}`),
    // Programs and deno.exe are processes the desktop stops as a whole.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const overdue = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no end after ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      });
      const desktop = await startWineDesktop();
      try {
        await Promise.race([body(t, desktop), overdue]);
      } finally {
        clearTimeout(timer);
        await desktop.stop();
      }
    },
  });
}

/**
 * A test that runs one in-wine check file (with notepad and the controls
 * program started when `programs` is set) and prints the check's output
 * lines that `figures` matches.
 */
export function wineCheck(
  name: string,
  file: string,
  options: { programs: boolean; figures: RegExp },
): void {
  wineTest(name, async (_t, desktop) => {
    if (options.programs) {
      desktop.start("notepad");
      desktop.start(await desktop.fixture("controls"));
    }
    const output = await runInWine(desktop, [file]);
    for (const line of output.split("\n")) if (options.figures.test(line)) console.log(line);
  });
}
