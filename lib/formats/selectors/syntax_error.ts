/** A malformed selector. `position` is the 0-based code-point index of the problem in the text as given. */
export class SelectorSyntaxError extends Error {
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = "SelectorSyntaxError";
    this.position = position;
  }
}
