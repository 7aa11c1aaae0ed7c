// Client regexes (Python `re` syntax) compiled for RE2's linear-time
// engine: no pattern can stall the event loop by backtracking.

import { RE2JS, RE2JSException } from "re2js";
import { LruCache } from "../../support/lru_cache.ts";
import { emitPattern } from "./emit.ts";
import { parsePattern } from "./parse.ts";
import { type RegexProblem, RegexRefusal, unsupported } from "./problem.ts";

export type { RegexProblem } from "./problem.ts";
export { describeProblem, problemContext } from "./problem.ts";

/** Longest client regex by default (config limits.regex_length), in characters. */
export const DEFAULT_REGEX_LENGTH = 4096;

/**
 * Matching costs grow with program size × text length (faster than linearly in the size once
 * the DFA cache overflows): on 50,000 characters the worst shapes (`a{1000}[bc]`,
 * `[ab]{0,500}[bc]`) take about 100 ms at 1,000 instructions and 4 s at 4,000.
 */
const MAX_PROGRAM_SIZE = 1000;
/** Each cached pattern may keep up to 8 MB of lazy DFA states (re2js's default budget). */
const CACHE_SIZE = 16;

export class ClientRegex {
  constructor(
    readonly pattern: string,
    private readonly searcher: RE2JS,
    private readonly fullMatcher: RE2JS,
  ) {}

  /** Python `re.search`: a match anywhere. */
  search(text: string): boolean {
    return this.searcher.test(text);
  }

  /** Python `re.fullmatch`: the whole text matches (any alternative). */
  fullMatch(text: string): boolean {
    return this.fullMatcher.testExact(text);
  }

  /** Where each non-empty, non-overlapping match lies: [start, end) in UTF-16 units. */
  spans(text: string): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const m = this.searcher.matcher(text);
    while (m.find()) if (m.end() > m.start()) out.push([m.start(), m.end()]);
    return out;
  }

  /** `re.fullmatch(...).groups()` with group 0 first (null: a group that took no part). */
  fullMatchGroups(text: string): Array<string | null> | null {
    const m = this.fullMatcher.matcher(text);
    if (!m.matches()) return null;
    return Array.from({ length: m.groupCount() + 1 }, (_, group) => m.group(group));
  }
}

const cache = new LruCache<string, ClientRegex | RegexProblem>(CACHE_SIZE);

/** The compiled pattern, or why it is refused. */
export function compileClientRegex(
  pattern: string,
  maxLength = DEFAULT_REGEX_LENGTH,
): ClientRegex | RegexProblem {
  const length = codePointLength(pattern, maxLength);
  if (length > maxLength) {
    return {
      kind: "unsupported",
      message: `pattern is longer than ${maxLength} characters (limits.regex_length)`,
      construct: `pattern longer than ${maxLength} characters`,
    };
  }
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = compileUncached(pattern);
    cache.set(pattern, compiled);
  }
  return compiled;
}

/** For patterns already checked where they came in (selectors at parse, scenarios at load). */
export function compileChecked(pattern: string): ClientRegex {
  const compiled = compileClientRegex(pattern, Infinity);
  if (compiled instanceof ClientRegex) return compiled;
  throw new Error(`unchecked regex ${JSON.stringify(pattern)}: ${compiled.message}`);
}

/** Counts code points, stopping once past `limit`. */
function codePointLength(text: string, limit: number): number {
  if (text.length <= limit) return text.length;
  let n = 0;
  for (const _ of text) if (++n > limit) break;
  return n;
}

function compileUncached(pattern: string): ClientRegex | RegexProblem {
  try {
    const parsed = parsePattern(pattern);
    const search = engine(emitPattern(parsed, "search"));
    const fullSource = emitPattern(parsed, "full");
    const full = fullSource === search.pattern() ? search : engine(fullSource);
    return new ClientRegex(pattern, search, full);
  } catch (e) {
    if (e instanceof RegexRefusal) return e.problem;
    throw e;
  }
}

/** RE2's own limits, for the constructs that reach them. */
const ENGINE_LIMITS = new Map([
  ["invalid repeat count", "nested repetition counts multiplying past 1000"],
]);

/** RE2 refusing a translated (so valid Python) pattern means a limit of the engine. */
function engine(source: string): RE2JS {
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (e) {
    if (!(e instanceof RE2JSException)) throw e;
    const reason = e.message.replace(/^error parsing regexp: /, "").replace(/: `.*`$/s, "");
    throw unsupported(ENGINE_LIMITS.get(reason) ?? reason);
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) {
    throw unsupported(`pattern compiling to over ${MAX_PROGRAM_SIZE} instructions`);
  }
  return re;
}
