// `re.search(pattern, text, flags)` through the service's Python-syntax RE2
// regexes, so a task's pattern cannot stall the event loop.

import { ClientRegex, compileClientRegex } from "../../../formats/regex/compile.ts";
import { PythonError } from "./tree_query/python_values.ts";

/** Python `re` flag names (long and short) as inline flag letters. */
const FLAG_LETTERS: ReadonlyMap<string, string> = new Map([
  ["I", "i"],
  ["IGNORECASE", "i"],
  ["M", "m"],
  ["MULTILINE", "m"],
  ["S", "s"],
  ["DOTALL", "s"],
  ["X", "x"],
  ["VERBOSE", "x"],
  ["A", "a"],
  ["ASCII", "a"],
  ["U", "u"],
  ["UNICODE", "u"],
]);

/** The compiled pattern; an invalid or unsupported one raises like re.error. */
export function compilePythonRegex(
  pattern: unknown,
  flagNames: readonly string[] = [],
): ClientRegex {
  if (typeof pattern !== "string") throw new PythonError("pattern is not a str");
  const letters = flagNames.map((name) => {
    const letter = FLAG_LETTERS.get(name);
    if (letter === undefined) throw new PythonError(`module 're' has no attribute '${name}'`);
    return letter;
  });
  const source = letters.length > 0 ? `(?${[...new Set(letters)].join("")})${pattern}` : pattern;
  const compiled = compileClientRegex(source, Infinity);
  if (!(compiled instanceof ClientRegex)) throw new PythonError(compiled.message);
  return compiled;
}
