// rapidfuzz's fuzz.ratio, scaled to 0..1: the normalised Indel similarity,
// 1 - (insertions + deletions) / (len(a) + len(b)), over code points as
// Python counts them. Two empty strings are a perfect match, as in rapidfuzz.

/** Longest common subsequence length, one DP row at a time. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const charA of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] = charA === b[j - 1] ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    }
    previous = current;
  }
  return previous[b.length];
}

/** Insertions plus deletions turning `a` into `b` (no substitutions). */
export function indelDistance(a: string, b: string): number {
  const pointsA = Array.from(a);
  const pointsB = Array.from(b);
  return pointsA.length + pointsB.length - 2 * lcsLength(pointsA, pointsB);
}

/** fuzz.ratio(a, b) / 100. */
export function fuzzRatio(a: string, b: string): number {
  const lengthSum = Array.from(a).length + Array.from(b).length;
  return lengthSum === 0 ? 1 : 1 - indelDistance(a, b) / lengthSum;
}
