// A query outside the XPath / CSS subsets implemented here. The caller marks
// the task unsupported instead of scoring it: 0 would be a guess, not a verdict.

export class UnsupportedTreeQuery extends Error {
  constructor(
    readonly language: "xpath" | "css",
    readonly construct: string,
    readonly position: number,
    readonly query: string,
  ) {
    super(
      `unsupported ${language} ${construct} at position ${position} in ${JSON.stringify(query)}`,
    );
    this.name = "UnsupportedTreeQuery";
  }
}
