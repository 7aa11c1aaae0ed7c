// Malformed selectors: each must fail with a precise message and the code-point position of
// the problem in the text as given (leading whitespace included).

import { strict as assert } from "node:assert";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";
import { findElements, parseSelector, SelectorSyntaxError } from "./index.ts";

const UNQUOTED = "(quote it; only true, false and integers may be unquoted)";

// [selector, message, position]
const MALFORMED: Array<[string, string, number]> = [
  ["", "empty selector", 0],
  ["   \n", "empty selector", 0],
  ["/", "selector has no steps", 0],
  ["  //  ", "selector has no steps", 2],
  ['MenuItem[name^="F"]', "unsupported operator '^=' in predicate 'name' (use =, *= or ~=)", 13],
  ['MenuItem[name$="t"]', "unsupported operator '$=' in predicate 'name' (use =, *= or ~=)", 13],
  ['MenuItem[name|="x"]', "unsupported operator '|=' in predicate 'name' (use =, *= or ~=)", 13],
  [
    'Window/MenuItem[name^="F"]',
    "unsupported operator '^=' in predicate 'name' (use =, *= or ~=)",
    20,
  ],
  [
    '  MenuItem[name ^= "F"]',
    "unsupported operator '^=' in predicate 'name' (use =, *= or ~=)",
    16,
  ],
  ['[name="File"]', `cannot parse step role from '[name="File"]'`, 0],
  ['Window/[name="File"]', `cannot parse step role from '[name="File"]'`, 7],
  ["1Window", "cannot parse step role from '1Window'", 0],
  ["Window/-Bar", "cannot parse step role from '-Bar'", 7],
  [". MenuItem", "cannot parse step role from '.'", 0],
  ['Window > "x"', `cannot parse step role from '"x"'`, 9],
  ["MenuItem[name]", "predicate 'name' requires a value", 13],
  ["MenuItem[name=]", "predicate 'name' requires a value", 14],
  ["MenuItem[name= ]", "predicate 'name' requires a value", 15],
  ["MenuItem[name=File]", `unquoted value 'File' in predicate 'name' ${UNQUOTED}`, 14],
  ["Button[enabled=True]", `unquoted value 'True' in predicate 'enabled' ${UNQUOTED}`, 15],
  ["MenuItem[index=1.5]", `unquoted value '1.5' in predicate 'index' ${UNQUOTED}`, 15],
  ['Window[name="😀"][name=x]', `unquoted value 'x' in predicate 'name' ${UNQUOTED}`, 22],
  ['MenuItem[name="File]', "unterminated quoted string", 14],
  ["MenuItem[name='File]", "unterminated quoted string", 14],
  ['MenuItem[name=\\"File]', "unterminated quoted string", 14],
  ['Text "Zoom', "unterminated quoted string", 5],
  ['MenuItem[name="a\\"]', "unterminated quoted string", 14],
  ['MenuItem[name="File"', "unclosed '['", 8],
  ["Win(dow", "unclosed '('", 3],
  ['MenuItem:has-text("Edit"', "unclosed '('", 17],
  ["MenuItem]", "cannot parse predicate at ']'", 8],
  ["Window/MenuBar]", "cannot parse predicate at ']'", 14],
  ["Window)", "cannot parse predicate at ')'", 6],
  ['MenuItem name="File"]', `cannot parse predicate at '="File"]'`, 13],
  ['Window[name="a"]Text', "cannot parse predicate at 'Text'", 16],
  ["Window/MenuBar MenuItem", "cannot parse predicate at 'MenuItem'", 15],
  ["MenuItem:visible", "cannot parse predicate at ':visible'", 8],
  ["Window > > MenuBar", "expected a step after '>'", 9],
  ["Window >", "expected a step after '>'", 7],
  ["> Window", "'>' must follow a step", 0],
  ['MenuItem[="x"]', "expected a predicate key after '['", 9],
  ['Window[1="x"]', "expected a predicate key after '['", 7],
  ['MenuItem[name!="x"]', "expected an operator (=, *= or ~=) after 'name'", 13],
  ['Window[na me="x"]', "expected an operator (=, *= or ~=) after 'na'", 10],
  ['MenuItem[name="x" y]', "expected ']' to close predicate 'name'", 18],
  ["MenuItem:has-text(Edit)", ":has-text() expects a quoted string", 18],
  ['MenuItem:has-text("Ed" "it")', "expected ')' to close :has-text(", 23],
  ["MenuItem:nth-of-type(0)", ":nth-of-type() expects a positive integer", 21],
  ["MenuItem:nth-of-type( x )", ":nth-of-type() expects a positive integer", 22],
  ["MenuItem:nth-of-type(2 3)", "expected ')' to close :nth-of-type(", 23],
  [
    'MenuItem[name~="[unclosed"]',
    "regex in predicate 'name': unterminated character set at position 0",
    15,
  ],
  [
    '//*[name ~= "a(?=b)"]',
    "regex in predicate 'name': lookahead (?=…) is not supported: patterns run on a " +
    "linear-time engine (at position 1)",
    12,
  ],
  [
    "Edit[value~='(x)\\1']",
    "regex in predicate 'value': backreference \\1 is not supported: patterns run on a " +
    "linear-time engine (at position 3)",
    12,
  ],
];

for (const [selector, message, position] of MALFORMED) {
  Deno.test(`rejects ${JSON.stringify(selector)}`, () => {
    assert.throws(() => parseSelector(selector), (e: unknown) => {
      assert.ok(e instanceof SelectorSyntaxError);
      assert.equal(e.message, message);
      assert.equal(e.position, position);
      return true;
    });
  });
}

Deno.test("the malformed table has at least 25 cases", () => {
  assert.ok(MALFORMED.length >= 25, `${MALFORMED.length} cases`);
});

Deno.test("findElements throws SelectorSyntaxError", () => {
  const [notepad] = defaultDesktop().map((w) => w.tree);
  assert.throws(() => findElements(notepad, 'MenuItem[name^="F"]'), SelectorSyntaxError);
});
