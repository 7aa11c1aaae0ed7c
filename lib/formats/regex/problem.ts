// Why a client regex was refused: "invalid" when Python's `re` would refuse it
// too, "unsupported" when it is valid Python that the linear-time engine cannot
// run (the construct is named so the client knows what to rewrite).

export type RegexProblem =
  | { kind: "invalid"; message: string }
  | { kind: "unsupported"; message: string; construct: string };

/** Thrown inside the translator and turned into its RegexProblem at the boundary. */
export class RegexRefusal extends Error {
  constructor(readonly problem: RegexProblem) {
    super(problem.message);
  }
}

export function invalid(message: string, position: number): RegexRefusal {
  return new RegexRefusal({ kind: "invalid", message: `${message} at position ${position}` });
}

export function unsupported(construct: string, position?: number): RegexRefusal {
  const where = position === undefined ? "" : ` (at position ${position})`;
  return new RegexRefusal({
    kind: "unsupported",
    message: `${construct} is not supported: patterns run on a linear-time engine${where}`,
    construct,
  });
}

/** For reports that quote the pattern: "invalid regular expression '(': missing ), …". */
export function describeProblem(pattern: string, problem: RegexProblem): string {
  return `${problem.kind} regular expression '${pattern}': ${problem.message}`;
}

/** The context a 400 carries for a refused pattern. */
export function problemContext(pattern: string, problem: RegexProblem): Record<string, string> {
  return problem.kind === "unsupported"
    ? { regex: pattern, construct: problem.construct }
    : { regex: pattern };
}
