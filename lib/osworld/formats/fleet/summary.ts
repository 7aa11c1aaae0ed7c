// A suite's results, summarized: per task its score, steps, time, attempts and
// the causes of failed attempts; per run (action space, observation, model)
// the totals, the success rate per domain (as OSWorld reports it) and the
// failures by cause. Read from OSWorld's result folders and the attempt
// records the pods left; a folder's files are data from a shared volume, so
// each is checked and a bad one is reported, not trusted.

import { Attempt, type Cause } from "./attempts.ts";

/** What one task's result folder holds. */
export interface TaskFolder {
  actionSpace: string;
  observation: string;
  model: string;
  domain: string;
  id: string;
  /** result.txt's text; null when there is none. */
  result: string | null;
  /** traj.jsonl's lines. */
  trajLines: number;
  /** The attempts' records, as read (each JSON text). */
  attempts: string[];
}

export type TaskStatus = "scored" | "unsupported" | "failed" | "not run";

export interface TaskSummary {
  domain: string;
  id: string;
  status: TaskStatus;
  score: number | null;
  steps: number;
  /** The last attempt's time from start to end; null when it never ended. */
  seconds: number | null;
  attempts: number;
  /** One cause per attempt that ended without a score. */
  failures: Cause[];
  /** Records that could not be read, and other problems. */
  problems: string[];
}

export interface DomainSummary {
  domain: string;
  tasks: number;
  score: number;
  /** score / tasks */
  rate: number;
}

export interface RunSummary {
  actionSpace: string;
  observation: string;
  model: string;
  tasks: TaskSummary[];
  totals: {
    tasks: number;
    scored: number;
    unsupported: number;
    failed: number;
    notRun: number;
    /** The sum of scores. */
    score: number;
    /** score / tasks, every task counted (OSWorld's success rate). */
    rate: number;
    /** Pod time over all attempts that ended. */
    podSeconds: number;
    /** Mean time of a scored task. */
    meanSeconds: number | null;
    attempts: number;
  };
  domains: DomainSummary[];
  failuresByCause: Partial<Record<Cause, number>>;
}

/** A task the suite holds: runs without a result folder report it as not run. */
export interface ExpectedTask {
  domain: string;
  id: string;
}

function readAttempts(texts: string[], problems: string[]): Attempt[] {
  const attempts: Attempt[] = [];
  for (const text of texts) {
    try {
      const parsed = Attempt.safeParse(JSON.parse(text));
      if (parsed.success) attempts.push(parsed.data);
      else problems.push(`an attempt record does not fit: ${parsed.error.issues[0].message}`);
    } catch {
      problems.push("an attempt record is not JSON");
    }
  }
  return attempts.sort((a, b) => a.started.localeCompare(b.started));
}

function resultScore(text: string | null): number | "unsupported" | null {
  if (text === null) return null;
  const trimmed = text.trim();
  if (trimmed === "unsupported") return "unsupported";
  const n = Number(trimmed);
  return trimmed !== "" && Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

export function summarizeTask(folder: TaskFolder): TaskSummary {
  return readTask(folder).summary;
}

/** A task's summary and the pod time of its attempts that ended, its records read once. */
function readTask(folder: TaskFolder): { summary: TaskSummary; podSeconds: number } {
  const problems: string[] = [];
  const attempts = readAttempts(folder.attempts, problems);
  const result = resultScore(folder.result);
  if (folder.result !== null && result === null) problems.push("result.txt holds no score");
  const failures = attempts
    .filter((a) => a.outcome === undefined || a.outcome === "failed")
    .map((a): Cause => a.finished === undefined ? "pod-ended" : a.cause ?? "error");
  const last = attempts.at(-1);
  const status: TaskStatus = typeof result === "number"
    ? "scored"
    : result === "unsupported"
    ? "unsupported"
    : "failed";
  const summary: TaskSummary = {
    domain: folder.domain,
    id: folder.id,
    status,
    score: typeof result === "number" ? result : null,
    steps: folder.trajLines,
    seconds: last?.seconds ?? null,
    attempts: attempts.length,
    failures,
    problems,
  };
  return { summary, podSeconds: attempts.reduce((s, a) => s + (a.seconds ?? 0), 0) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** The summary of every run found, each with the suite's tasks that left no folder. */
export function summarize(folders: TaskFolder[], expected: ExpectedTask[] = []): RunSummary[] {
  type RunKey = Pick<RunSummary, "actionSpace" | "observation" | "model">;
  const runs = new Map<string, { key: RunKey; folders: TaskFolder[] }>();
  for (const folder of folders) {
    const id = JSON.stringify([folder.actionSpace, folder.observation, folder.model]);
    const run = runs.get(id) ?? {
      key: {
        actionSpace: folder.actionSpace,
        observation: folder.observation,
        model: folder.model,
      },
      folders: [],
    };
    run.folders.push(folder);
    runs.set(id, run);
  }
  return [...runs.values()].map((run) => {
    const read = run.folders.map(readTask);
    const tasks = read.map((r) => r.summary);
    for (const want of expected) {
      if (!tasks.some((t) => t.domain === want.domain && t.id === want.id)) {
        tasks.push({
          ...want,
          status: "not run",
          score: null,
          steps: 0,
          seconds: null,
          attempts: 0,
          failures: [],
          problems: [],
        });
      }
    }
    tasks.sort((a, b) => a.domain.localeCompare(b.domain) || a.id.localeCompare(b.id));
    const podSeconds = read.reduce((sum, r) => sum + r.podSeconds, 0);
    const scored = tasks.filter((t) => t.status === "scored");
    const score = scored.reduce((s, t) => s + (t.score ?? 0), 0);
    const failuresByCause: Partial<Record<Cause, number>> = {};
    for (const cause of tasks.flatMap((t) => t.failures)) {
      failuresByCause[cause] = (failuresByCause[cause] ?? 0) + 1;
    }
    const domains = [...new Set(tasks.map((t) => t.domain))].map((domain) => {
      const inDomain = tasks.filter((t) => t.domain === domain);
      const sum = inDomain.reduce((s, t) => s + (t.score ?? 0), 0);
      return {
        domain,
        tasks: inDomain.length,
        score: round(sum),
        rate: round(sum / inDomain.length),
      };
    });
    const timed = scored.filter((t) => t.seconds !== null);
    return {
      ...run.key,
      tasks,
      totals: {
        tasks: tasks.length,
        scored: scored.length,
        unsupported: tasks.filter((t) => t.status === "unsupported").length,
        failed: tasks.filter((t) => t.status === "failed").length,
        notRun: tasks.filter((t) => t.status === "not run").length,
        score: round(score),
        rate: round(tasks.length === 0 ? 0 : score / tasks.length),
        podSeconds: round(podSeconds),
        meanSeconds: timed.length === 0
          ? null
          : round(timed.reduce((s, t) => s + t.seconds!, 0) / timed.length),
        attempts: tasks.reduce((s, t) => s + t.attempts, 0),
      },
      domains,
      failuresByCause,
    };
  });
}
