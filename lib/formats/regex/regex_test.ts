// Client regexes keep Python `re` semantics on the linear-time engine. Every expectation here
// was checked against CPython 3.11's re.fullmatch / re.search.

import { strict as assert } from "node:assert";
import { ClientRegex, compileClientRegex, type RegexProblem } from "./compile.ts";

function compiled(pattern: string): ClientRegex {
  const re = compileClientRegex(pattern);
  assert.ok(re instanceof ClientRegex, `${pattern} should compile: ${JSON.stringify(re)}`);
  return re;
}

function refused(pattern: string): RegexProblem {
  const re = compileClientRegex(pattern);
  assert.ok(!(re instanceof ClientRegex), `${pattern} should be refused`);
  return re;
}

// [pattern, subject, Python re.fullmatch matches, Python re.search matches]
const CASES: Array<[string, string, boolean, boolean]> = [
  ["U.*", "UTF-8", true, true],
  ["U", "UTF-8", false, true],
  ["a|ab", "ab", true, true],
  ["ab|a", "abc", false, true],
  ["(?i)utf-8", "UTF-8", true, true],
  ["(?i)Notepad", "untitled — notepad", false, true],
  ["(?is)a.b", "A\nB", true, true],
  ["(?s)a.b", "a\nb", true, true],
  ["(?i)(?s)A.B", "a\nb", true, true],
  ["(?im)a", "A", true, true],
  ["a.b", "a\nb", false, false],
  ["a.b", "a\rb", true, true],
  ["^Line 3", "Hello\nLine 3 has", false, false],
  ["(?m)^Line 3", "Hello\nLine 3 has", false, true],
  ["(?m)^b", "a\rb", false, false],
  ["(?m)a$", "a\nb", false, true],
  ["(?m)a$", "a\rb", false, false],
  ["(?m)a$", "a\n\n", false, true],
  ["(?im)^a$", "x\nA", false, true],
  ["a$", "a\n", false, true],
  ["a$", "a\n\n", false, false],
  ["a$|b", "a\n", false, true],
  ["a$|b", "xb\n", false, true],
  ["(a$)?", "a\n", false, true],
  ["a\\n?$", "a\n", true, true],
  [".+$", "a\nb\n", false, true],
  ["(?s).+$", "a\nb\n", true, true],
  ["a\\Z", "a\n", false, false],
  ["\\Aab\\Z", "ab", true, true],
  ["\\Z", "", true, true],
  ["(?m)\\Ab", "a\nb", false, false],
  ["(?:ab)+", "abab", true, true],
  ["(?P<word>\\w+)-x", "ab-x", true, true],
  ["(?i:a)b", "Ab", true, true],
  ["(?i:a)b", "aB", false, false],
  ["(?i)(?-i:a)b", "aB", true, true],
  ["(?i)(?-i:a)b", "AB", false, false],
  ["(?u)a", "a", true, true],
  ["Save\\ as\\-is", "Save as-is", true, true],
  ["1\\+1\\=2", "1+1=2", true, true],
  ["a\\#b\\&c\\~d", "a#b&c~d", true, true],
  ["[\\-a]+", "a-a", true, true],
  ["[]a]+", "]a]", true, true],
  ["[^]a]", "b", true, true],
  ["[[:alpha:]]", "l]", true, true],
  ["[\\b]", "\b", true, true],
  ["a{2}", "aa", true, true],
  ["a{,2}", "aa", true, true],
  ["a{1,}", "aaaa", true, true],
  ["a{,}", "aaa", true, true],
  ["\\d{2,3}?", "1234", false, true],
  ["a{", "a{", true, true],
  ["x{}", "x{}", true, true],
  ["{USD}", "{USD}", true, true],
  ["a]", "a]", true, true],
  ["\\d+%", "100%", true, true],
  ["\\U0001F600", "\u{1F600}", true, true],
  ["\\x41\\u00e9\\101", "AéA", true, true],
  ["\\s", "\x1c", true, true],
  ["\\s", "\u00a0", true, true],
  ["\\s", "\ufeff", false, false],
  ["[^\\S\\n]+", "\t \u3000", true, true],
  ["[^\\S\\n]", "\n", false, false],
  ["\\S+", "a\u2003", false, true],
  ["(?#comment)ab", "ab", true, true],
  ["—", "Untitled — Notepad", false, true],
  ["Ln \\d+, Col \\d+", "Ln 1, Col 1", true, true],
  ["", "", true, true],
  ["", "x", false, true],
];

for (const [pattern, subject, full, anywhere] of CASES) {
  Deno.test(`pyregex ${JSON.stringify(pattern)} on ${JSON.stringify(subject)}`, () => {
    const re = compiled(pattern);
    assert.equal(re.fullMatch(subject), full, "fullmatch");
    assert.equal(re.search(subject), anywhere, "search");
  });
}

// Invalid in Python: [pattern, Python's message].
const INVALID: Array<[string, string]> = [
  ["(?L)a", "bad inline flag: cannot use 'L' flag with a str pattern at position 0"],
  ["a(?i)b", "global flags not at the start of the expression at position 1"],
  ["(unclosed", "missing ), unterminated subpattern at position 0"],
  ["[unclosed", "unterminated character set at position 0"],
  ["a**", "multiple repeat at position 2"],
  ["\\", "bad escape (end of pattern) at position 0"],
  ["(?P<1bad>x)", "bad character in group name '1bad' at position 4"],
  ["(?P=missing)", "unknown group name 'missing' at position 4"],
  ["[\\A]", "bad escape \\A at position 1"],
  ["a{3,1}", "min repeat greater than max repeat at position 1"],
  ["\\1", "invalid group reference 1 at position 0"],
  ["(a\\1)", "cannot refer to an open group at position 2"],
  ["[z-a]", "bad character range z-a at position 1"],
  ["*a", "nothing to repeat at position 0"],
  ["\\b+", "nothing to repeat at position 2"],
  ["\\q", "bad escape \\q at position 0"],
  ["\\x4", "incomplete escape \\x4 at position 0"],
  [")", "unbalanced parenthesis at position 0"],
];

for (const [pattern, message] of INVALID) {
  Deno.test(`pyregex refuses invalid ${JSON.stringify(pattern)}`, () => {
    assert.deepEqual(refused(pattern), { kind: "invalid", message });
  });
}

// Valid Python that the linear-time engine cannot run: [pattern, construct].
const UNSUPPORTED: Array<[string, string]> = [
  ["(?x)a b", "verbose flag (?x)"],
  ["\\N{EM DASH}", "named character \\N{…}"],
  ["(?>atomic)", "atomic group (?>…)"],
  ["(?P<word>\\w+)-(?P=word)", "backreference (?P=name)"],
  ["(?P<n>x)(?P=n)", "backreference (?P=name)"],
];

for (const [pattern, construct] of UNSUPPORTED) {
  Deno.test(`pyregex names the unsupported ${construct} in ${JSON.stringify(pattern)}`, () => {
    const problem = refused(pattern);
    assert.equal(problem.kind, "unsupported");
    assert.equal(problem.kind === "unsupported" && problem.construct, construct);
  });
}

// [pattern, subject, Python's fullmatch(...).groups() or null]
const GROUPS: Array<[string, string, Array<string | null> | null]> = [
  ["secret-(\\d+)", "secret-42", ["42"]],
  ["(a|ab)(c|bcd)(d*)", "abcd", ["a", "bcd", ""]],
  ["(a|b)*", "abab", ["b"]],
  ["(x)?y", "y", [null]],
  ["(.*?)-(.*)", "a-b-c", ["a", "b-c"]],
  ["(a$)?", "a\n", null],
];

for (const [pattern, subject, groups] of GROUPS) {
  Deno.test(`pyregex groups of ${JSON.stringify(pattern)} on ${JSON.stringify(subject)}`, () => {
    assert.deepEqual(compiled(pattern).fullMatchGroups(subject)?.slice(1) ?? null, groups);
  });
}
