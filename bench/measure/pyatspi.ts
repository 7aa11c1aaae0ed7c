// The benchmarks' pyatspi baselines (Debian's /usr/bin/python3 with
// python3-pyatspi), run on the desktop whose environment they are given.

const PYATSPI_WALK = new URL("../pyatspi_walk.py", import.meta.url).pathname;
const OSWORLD_TABLE = new URL("../osworld_table.py", import.meta.url).pathname;

/** A bench script's one JSON line; throws with its stderr when it fails. */
async function runScript(script: string, args: string[], env: Record<string, string>) {
  // -B: no __pycache__ beside the scripts (osworld_table.py imports pyatspi_walk.py).
  const out = await new Deno.Command("/usr/bin/python3", {
    args: ["-B", script, ...args],
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`${script} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** bench/pyatspi_walk.py on the process's window: its node count and each run's ms after a warm-up. */
export async function pyatspiWalk(env: Record<string, string>, pid: number, runs: number) {
  const result = await runScript(PYATSPI_WALK, [String(pid), String(runs + 1)], env) as {
    nodes: number;
    ms: number[];
  };
  return { nodes: result.nodes, ms: result.ms.slice(1) };
}

/** A row of OSWorld's table from bench/osworld_table.py; `unused`: inside an unused menu bar. */
export type OsworldRow = [
  tag: string,
  name: string,
  text: string,
  position: [number, number],
  size: [number, number],
  unused: boolean,
];

/** bench/osworld_table.py on the process's window: the rows OSWorld's filter keeps. */
export async function osworldRows(env: Record<string, string>, pid: number): Promise<OsworldRow[]> {
  return ((await runScript(OSWORLD_TABLE, [String(pid)], env)) as { rows: OsworldRow[] }).rows;
}
