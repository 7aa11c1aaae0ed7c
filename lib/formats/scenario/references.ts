// Checks the schema cannot express: names and ids that must refer to
// something, uniqueness, and regexes that must compile (the typos an author
// would otherwise only find at run time).

import { ClientRegex, compileClientRegex, describeProblem } from "../regex/compile.ts";
import { referencedIds } from "./interpolate.ts";
import { keyPath } from "./problem.ts";
import type { ScenarioFile, ScenarioNode } from "../../model/scenario.ts";
import { windowUid } from "./uid.ts";

export interface ReferenceProblem {
  path: PropertyKey[];
  message: string;
}

interface Collected {
  ids: Set<string>;
  namesWithId: Set<string>;
}

function eachNode(
  node: ScenarioNode,
  path: PropertyKey[],
  visit: (n: ScenarioNode, path: PropertyKey[]) => void,
): void {
  visit(node, path);
  node.children.forEach((c, i) => eachNode(c, [...path, "children", i], visit));
}

function checkStates(file: ScenarioFile, problems: ReferenceProblem[]): Collected {
  const collected: Collected = { ids: new Set(), namesWithId: new Set() };
  for (const [state, { windows }] of Object.entries(file.states)) {
    const uids = new Map<string, number>();
    const ids = new Map<string, string>();
    windows.forEach((w, i) => {
      const at = ["states", state, "windows", i];
      const uid = windowUid(w.uid, state, i, "");
      const earlier = uids.get(uid);
      if (earlier !== undefined) {
        problems.push({
          path: [...at, "uid"],
          message: `duplicate window uid '${uid}' in state '${state}' (also windows[${earlier}])`,
        });
      }
      uids.set(uid, i);
      const windowIds = new Set<string>();
      if (w.tree) {
        eachNode(w.tree, [...at, "tree"], (n, path) => {
          if (n.id === undefined) return;
          const where = ids.get(n.id);
          if (where !== undefined) {
            problems.push({
              path: [...path, "id"],
              message: `duplicate node id '${n.id}' in state '${state}' (also at ${where})`,
            });
          }
          ids.set(n.id, keyPath(path));
          windowIds.add(n.id);
          collected.ids.add(n.id);
          collected.namesWithId.add(n.name);
        });
      }
      for (const id of referencedIds(w.title)) {
        if (!windowIds.has(id)) {
          problems.push({
            path: [...at, "title"],
            message: `title reads {value:${id}} but this window has no node with id '${id}'`,
          });
        }
      }
    });
  }
  return collected;
}

function checkRegex(pattern: string | undefined, path: PropertyKey[], out: ReferenceProblem[]) {
  if (pattern === undefined) return;
  const compiled = compileClientRegex(pattern);
  if (!(compiled instanceof ClientRegex)) {
    out.push({ path, message: describeProblem(pattern, compiled) });
  }
}

function checkReactions(file: ScenarioFile, known: Collected, out: ReferenceProblem[]): void {
  const states = Object.keys(file.states);
  const stateList = states.map((s) => `'${s}'`).join(", ");
  const needId = (id: string, path: PropertyKey[]) => {
    if (!known.ids.has(id)) out.push({ path, message: `no node has id '${id}'` });
  };
  file.reactions.forEach((r, i) => {
    const at = ["reactions", i];
    r.in_state?.forEach((s, j) => {
      if (!states.includes(s)) {
        out.push({ path: [...at, "in_state", j], message: `unknown state '${s}' (${stateList})` });
      }
    });
    if (r.transition_to !== undefined && !states.includes(r.transition_to)) {
      out.push({
        path: [...at, "transition_to"],
        message: `unknown state '${r.transition_to}' (${stateList})`,
      });
    }
    if (r.on.target_id !== undefined) needId(r.on.target_id, [...at, "on", "target_id"]);
    if (r.on.target_name !== undefined && !known.namesWithId.has(r.on.target_name)) {
      out.push({
        path: [...at, "on", "target_name"],
        message: `no node with an id is named '${r.on.target_name}'`,
      });
    }
    checkRegex(r.on.text_regex, [...at, "on", "text_regex"], out);
    r.when.forEach((c, j) => {
      needId(c.id, [...at, "when", j, "id"]);
      checkRegex(c.value_regex, [...at, "when", j, "value_regex"], out);
    });
    r.set.forEach((s, j) => {
      needId(s.id, [...at, "set", j, "id"]);
      for (const id of referencedIds(s.value ?? "")) needId(id, [...at, "set", j, "value"]);
    });
  });
}

export function referenceProblems(file: ScenarioFile): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const states = Object.keys(file.states);
  if (file.initial_state !== undefined && !states.includes(file.initial_state)) {
    problems.push({
      path: ["initial_state"],
      message: `unknown state '${file.initial_state}' (states: ${states.join(", ")})`,
    });
  }
  const known = checkStates(file, problems);
  checkReactions(file, known, problems);
  return problems;
}
