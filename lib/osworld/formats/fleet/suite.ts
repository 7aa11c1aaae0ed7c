// A suite: the task files of a folder in OSWorld's layout
// (`<domain>/<task id>.json`, or files at the top, whose domain is the
// folder's name), in a fixed order, so that a Job's completion index names
// the same task on every machine.

import { z } from "zod";

/** One task of a suite, as the pod that runs it finds it. */
export interface SuiteTask {
  /** The Job's completion index. */
  index: number;
  domain: string;
  id: string;
  /** The task file's text, passed on unchanged. */
  text: string;
}

/** A file read from the task folder: its path relative to the folder, and its text. */
export interface TaskFile {
  path: string;
  text: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const TaskHead = z.object({
  id: z.string({ error: "a task needs its id" }).regex(
    NAME,
    "a task id is 1–100 letters, digits, '.', '_' or '-'",
  ),
  instruction: z.string({ error: "a task needs its instruction" }).min(
    1,
    "a task needs its instruction",
  ),
}).passthrough();

export class SuiteError extends Error {}

/**
 * The suite of a folder's task files, sorted by domain then id. Each file must
 * be a task (an object with an id and an instruction, as OSWorld's are).
 * Duplicate ids within a domain are refused: their results would share one
 * folder.
 */
export function suiteOf(files: TaskFile[], folderName: string): SuiteTask[] {
  const tasks: Omit<SuiteTask, "index">[] = [];
  for (const file of files) {
    const parts = file.path.split("/").filter((p) => p !== "");
    if (!parts.at(-1)?.endsWith(".json")) continue;
    if (parts.length > 2) {
      throw new SuiteError(`${file.path}: tasks sit in <domain>/<id>.json, one level deep`);
    }
    const domain = parts.length === 2 ? parts[0] : folderName;
    if (!NAME.test(domain)) throw new SuiteError(`${file.path}: '${domain}' cannot name a domain`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(file.text);
    } catch (e) {
      throw new SuiteError(`${file.path}: not JSON: ${(e as Error).message}`);
    }
    const head = TaskHead.safeParse(parsed);
    if (!head.success) {
      throw new SuiteError(`${file.path}: ${head.error.issues[0].message}`);
    }
    tasks.push({ domain, id: head.data.id, text: file.text });
  }
  tasks.sort((a, b) => a.domain.localeCompare(b.domain) || a.id.localeCompare(b.id));
  for (let i = 1; i < tasks.length; i++) {
    if (tasks[i].domain === tasks[i - 1].domain && tasks[i].id === tasks[i - 1].id) {
      throw new SuiteError(`two tasks are ${tasks[i].domain}/${tasks[i].id}`);
    }
  }
  if (tasks.length === 0) throw new SuiteError("the folder holds no task files (*.json)");
  return tasks.map((t, index) => ({ ...t, index }));
}
