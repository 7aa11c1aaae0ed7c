import { strict as assert } from "node:assert";
import { compilePythonRegex, fullMatch, search } from "../lib/pyregex.ts";

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
  ["a.b", "a\nb", false, false],
  ["a.b", "a\rb", true, true],
  ["^Line 3", "Hello\nLine 3 has", false, false],
  ["(?m)^Line 3", "Hello\nLine 3 has", false, true],
  ["(?m)^b", "a\rb", false, false],
  ["(?m)a$", "a\nb", false, true],
  ["(?m)a$", "a\rb", false, false],
  ["a$", "a\n", false, true],
  ["a$", "a\n\n", false, false],
  ["a\\Z", "a\n", false, false],
  ["\\Aab\\Z", "ab", true, true],
  ["(?m)\\Ab", "a\nb", false, false],
  ["(?P<word>\\w+)-(?P=word)", "ab-ab", true, true],
  ["(?P<word>\\w+)-(?P=word)", "ab-ba", false, true],
  ["(?P<n>x)(?P=n)", "axxb", false, true],
  ["(?:ab)+", "abab", true, true],
  ["Save\\ as\\-is", "Save as-is", true, true],
  ["1\\+1\\=2", "1+1=2", true, true],
  ["a\\#b\\&c\\~d", "a#b&c~d", true, true],
  ["[\\-a]+", "a-a", true, true],
  ["[]a]+", "]a]", true, true],
  ["[^]a]", "b", true, true],
  ["a{2}", "aa", true, true],
  ["a{,2}", "aa", true, true],
  ["a{1,}", "aaaa", true, true],
  ["a{", "a{", true, true],
  ["x{}", "x{}", true, true],
  ["{USD}", "{USD}", true, true],
  ["a]", "a]", true, true],
  ["\\d+%", "100%", true, true],
  ["\\U0001F600", "\u{1F600}", true, true],
  ["(?#comment)ab", "ab", true, true],
  ["—", "Untitled — Notepad", false, true],
  ["Ln \\d+, Col \\d+", "Ln 1, Col 1", true, true],
  ["", "", true, true],
  ["", "x", false, true],
];

for (const [pattern, subject, full, anywhere] of CASES) {
  Deno.test(`pyregex ${JSON.stringify(pattern)} on ${JSON.stringify(subject)}`, () => {
    const re = compilePythonRegex(pattern);
    assert.ok(re, "pattern should compile");
    assert.equal(fullMatch(re, subject), full, "fullmatch");
    assert.equal(search(re, subject), anywhere, "search");
  });
}

// Invalid in Python, or valid Python that the translation deliberately does not support.
const REJECTED = [
  "(?x)a b", // unsupported: verbose mode
  "(?L)a", // invalid: locale flag on a str pattern
  "a(?i)b", // invalid: global flag not at the start
  "(?i:a)b", // unsupported: scoped flags
  "(unclosed",
  "[unclosed",
  "a**",
  "\\",
  "(?P<1bad>x)",
  "(?P=missing)",
  "\\N{EM DASH}", // unsupported: named characters
  "[\\A]",
  "(?>atomic)", // unsupported: atomic groups
  "a{3,1}",
];

for (const pattern of REJECTED) {
  Deno.test(`pyregex rejects ${JSON.stringify(pattern)}`, () => {
    assert.equal(compilePythonRegex(pattern), null);
  });
}

Deno.test("pyregex uses the u flag and only adds i", () => {
  assert.equal(compilePythonRegex("a")!.flags, "u");
  assert.equal(compilePythonRegex("(?im)a")!.flags, "iu");
});
