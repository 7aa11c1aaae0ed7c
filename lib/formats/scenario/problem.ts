// A reason a scenario cannot be loaded, with where it is: file, line and
// column when known, and the path of the offending key for schema errors.

export interface Where {
  line?: number;
  column?: number;
  /** e.g. `states.start.windows[0].tree.children[1].role` */
  key?: string;
}

export interface Problem extends Where {
  message: string;
}

export class ScenarioInvalidError extends Error {
  constructor(
    readonly file: string,
    readonly problems: Problem[],
  ) {
    super(describeProblems(file, problems));
    this.name = "ScenarioInvalidError";
  }
}

/** `file:line:column: key: message`, leaving out what is unknown. */
export function describeProblem(file: string, p: Problem): string {
  const place = p.line === undefined ? file : `${file}:${p.line}:${p.column ?? 1}`;
  return p.key === undefined ? `${place}: ${p.message}` : `${place}: ${p.key}: ${p.message}`;
}

function describeProblems(file: string, problems: Problem[]): string {
  const first = describeProblem(file, problems[0]);
  const more = problems.length - 1;
  return more > 0 ? `${first} (and ${more} more problem${more === 1 ? "" : "s"})` : first;
}

/** `states.start.windows[0].uid` from a path of keys and indices. */
export function keyPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const segment of path) {
    out += typeof segment === "number"
      ? `[${segment}]`
      : `${out === "" ? "" : "."}${String(segment)}`;
  }
  return out;
}
