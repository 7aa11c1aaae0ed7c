// check_accessibility_tree and its query engines: XPath 1.0 and CSS (cssselect)
// subsets over hand-written OSWorld-style XML, the metric's scoring, and the
// XML the service itself renders.

import { strict as assert } from "node:assert";
import { element } from "../../../../model/tree.ts";
import { checkAccessibilityTree, UnsupportedTreeQuery } from "../accessibility_tree.ts";
import { METRICS } from "../metrics.ts";
import { selectCss } from "./css.ts";
import { parseXmlDom, type XmlElement } from "./xml_dom.ts";
import { evaluateXPath, selectElements } from "./xpath.ts";
import { accessibilityXml, NAMESPACES, WINDOWS_NAMESPACES } from "../../xml.ts";

const NS = new Map(NAMESPACES);
const DECLS = NAMESPACES.map(([p, uri]) => ` xmlns:${p}="${uri}"`).join("");

// A gnome-calculator window and a gedit window, as the Linux server writes them.
const DESKTOP = `<desktop-frame${DECLS}>` +
  `<application name="gnome-calculator" attr:toolkit="GTK">` +
  `<frame name="Calculator" st:showing="true" st:visible="true" cp:screencoord="(70, 27)" cp:size="(360, 500)">` +
  `<panel name="">` +
  `<text name="Result" attr:id="display" st:editable="true" st:showing="true">12+30</text>` +
  `<label name="Result Value" attr:id="result" st:showing="true">42</label>` +
  `<push-button name="7" st:showing="true" st:enabled="true" act:click_desc="Clicks the button"/>` +
  `<push-button name="8" st:showing="true" st:enabled="true"/>` +
  `<push-button name="9" st:enabled="true"/>` +
  `<push-button name="=" st:showing="true" st:enabled="true" val:value="3.0"/>` +
  `</panel>` +
  `</frame>` +
  `</application>` +
  `<application name="gedit" attr:toolkit="GTK">` +
  `<frame name="notes.txt - gedit" st:showing="true">` +
  `<page-tab-list name="">` +
  `<page-tab name="notes.txt" st:selected="true">notes.txt<label name="close"/>tail</page-tab>` +
  `<page-tab name="todo.md"/>` +
  `</page-tab-list>` +
  `<table name="Stats">` +
  `<table-cell name="a" class="num odd">1</table-cell>` +
  `<table-cell name="b" class="num">22</table-cell>` +
  `<table-cell name="c" class="txt">x-y</table-cell>` +
  `</table>` +
  `<text name="Document" st:multi-line="true" attr:id="view">Hello world from gedit</text>` +
  `</frame>` +
  `</application>` +
  `</desktop-frame>`;

const ROOT = parseXmlDom(DESKTOP).element;

/** An element as "tag" or "tag:name" when it has a non-empty name. */
function label(el: XmlElement): string {
  const name = el.attributes.find((a) => a.uri === "" && a.local === "name")?.value ?? "";
  return name === "" ? el.local : `${el.local}:${name}`;
}

// ---------------------------------------------------------------------------
// XPath

const XPATH_CASES: Array<[string, string[]]> = [
  ["/desktop-frame", ["desktop-frame"]],
  [".", ["desktop-frame"]],
  ["application", ["application:gnome-calculator", "application:gedit"]],
  ["/desktop-frame/application[2]", ["application:gedit"]],
  ["//push-button[@name='7']", ["push-button:7"]],
  ['//push-button[@name="="]', ["push-button:="]],
  ["//page-tab-list/page-tab", ["page-tab:notes.txt", "page-tab:todo.md"]],
  ["//push-button[@st:showing='true']", ["push-button:7", "push-button:8", "push-button:="]],
  ["//push-button[not(@st:showing)]", ["push-button:9"]],
  ["//*[@attr:id='result']", ["label:Result Value"]],
  ["//label[text()='42']", ["label:Result Value"]],
  ["//label[.='42']/..", ["panel"]],
  ["//label[@attr:id='result']/parent::*/parent::frame", ["frame:Calculator"]],
  ["//push-button[last()]", ["push-button:="]],
  ["//push-button[position() <= 2]", ["push-button:7", "push-button:8"]],
  ["(//push-button)[3]", ["push-button:9"]],
  ["//push-button[1]/following-sibling::push-button", [
    "push-button:8",
    "push-button:9",
    "push-button:=",
  ]],
  ["//push-button[@name='8']/preceding-sibling::*[1]", ["push-button:7"]],
  ["//label[@name='close']/ancestor::application", ["application:gedit"]],
  ["//label[@name='close']/ancestor::*[2]", ["page-tab-list"]],
  ["//frame/descendant::text", ["text:Result", "text:Document"]],
  ["//table/child::table-cell[self::table-cell][2]", ["table-cell:b"]],
  ["//panel/descendant-or-self::panel", ["panel"]],
  ["//*[contains(@name, 'gedit')]", ["application:gedit", "frame:notes.txt - gedit"]],
  ["//*[starts-with(@name, 'Result')]", ["text:Result", "label:Result Value"]],
  ["//text[contains(text(), 'world')]", ["text:Document"]],
  ["//table-cell[. > 5]", ["table-cell:b"]],
  ["//table-cell[. >= 1 and . < 22]", ["table-cell:a"]],
  ["//table-cell[. != 1]", ["table-cell:b", "table-cell:c"]],
  ["//push-button[@val:value = 3]", ["push-button:="]],
  ["//push-button[@name > 7]", ["push-button:8", "push-button:9"]],
  ["//table-cell[@name='a' or @name='c']", ["table-cell:a", "table-cell:c"]],
  ["//page-tab[normalize-space(text()) = 'notes.txt']", ["page-tab:notes.txt"]],
  ["//page-tab[string(.) = 'notes.txttail']", ["page-tab:notes.txt"]],
  ["//table-cell[string-length(.) = 3]", ["table-cell:c"]],
  ["//table[count(table-cell) = 3]", ["table:Stats"]],
  ["//*[concat(@name, '!') = '8!']", ["push-button:8"]],
  ["//*[translate(@name, 'RESULT', 'result') = 'result']", ["text:Result"]],
  ["//label | //table", ["label:Result Value", "label:close", "table:Stats"]],
  ["//push-button[@*='Clicks the button']", ["push-button:7"]],
  ["//page-tab[@st:selected][position() = last()]", ["page-tab:notes.txt"]],
  ["//nothing-here", []],
  ["//push-button[5]", []],
];

for (const [query, expected] of XPATH_CASES) {
  Deno.test(`xpath ${query}`, () => {
    assert.deepEqual(selectElements(query, ROOT, NS).map(label), expected);
  });
}

Deno.test("xpath values that are not elements: attributes, text, strings, numbers", () => {
  const attrs = evaluateXPath("//push-button[1]/@name", ROOT, NS);
  assert.ok(Array.isArray(attrs) && attrs.length === 1 && attrs[0].kind === "attribute");
  assert.deepEqual(selectElements("//push-button/@name", ROOT, NS), []);
  assert.deepEqual(selectElements("//label/text()", ROOT, NS), []);
  assert.equal(evaluateXPath("count(//push-button)", ROOT, NS), 4);
  assert.equal(evaluateXPath("string(//label)", ROOT, NS), "42");
  assert.equal(evaluateXPath("1 + 2 * 3 - 4 div 2", ROOT, NS), 5);
  assert.equal(evaluateXPath("//label = '42'", ROOT, NS), true);
  assert.deepEqual(selectElements("count(//label)", ROOT, NS), []);
});

Deno.test("xpath matches namespaces by URI, not by the document's prefix", () => {
  const uri = NS.get("st")!;
  const doc = parseXmlDom(`<root xmlns:s="${uri}"><a s:showing="true"/><b/></root>`).element;
  assert.deepEqual(selectElements("//*[@st:showing='true']", doc, NS).map(label), ["a"]);
  assert.deepEqual(selectCss("[st|showing=true]", doc, NS).map(label), ["a"]);
});

// ---------------------------------------------------------------------------
// CSS

const CSS_CASES: Array<[string, string[]]> = [
  ["push-button", ["push-button:7", "push-button:8", "push-button:9", "push-button:="]],
  ["desktop-frame > application", ["application:gnome-calculator", "application:gedit"]],
  ["page-tab-list page-tab", ["page-tab:notes.txt", "page-tab:todo.md"]],
  ["frame label", ["label:Result Value", "label:close"]],
  ["application > label", []],
  ["#display", []],
  [".num", ["table-cell:a", "table-cell:b"]],
  [".num.odd", ["table-cell:a"]],
  ["[class]", ["table-cell:a", "table-cell:b", "table-cell:c"]],
  ['[name="7"]', ["push-button:7"]],
  ["[name=gedit]", ["application:gedit"]],
  ["[class~=odd]", ["table-cell:a"]],
  ["[name^=Result]", ["text:Result", "label:Result Value"]],
  ["page-tab[name$='.md']", ["page-tab:todo.md"]],
  ["[name*=gedit]", ["application:gedit", "frame:notes.txt - gedit"]],
  ["[class|=num]", ["table-cell:b"]],
  ["[name|=x]", []],
  ['[attr|id="result"]', ["label:Result Value"]],
  ["text[attr|id=view]", ["text:Document"]],
  ["push-button[st|showing=true]", ["push-button:7", "push-button:8", "push-button:="]],
  ["push-button:not([st|showing])", ["push-button:9"]],
  ["push-button + push-button", ["push-button:8", "push-button:9", "push-button:="]],
  ["label + push-button", ["push-button:7"]],
  ["text ~ push-button[name='9']", ["push-button:9"]],
  ["push-button:nth-child(3)", ["push-button:7"]],
  ["table-cell:nth-child(2n+1)", ["table-cell:a", "table-cell:c"]],
  ["table-cell:nth-child(odd)", ["table-cell:a", "table-cell:c"]],
  ["table-cell:nth-child(even)", ["table-cell:b"]],
  ["table-cell:nth-child(-n+2)", ["table-cell:a", "table-cell:b"]],
  ["page-tab:first-child", ["page-tab:notes.txt"]],
  ["panel > :last-child", ["push-button:="]],
  ["label:contains('42')", ["label:Result Value"]],
  ['frame:contains("Hello world")', ["frame:notes.txt - gedit"]],
  ["page-tab:empty", ["page-tab:todo.md"]],
  ["push-button:empty:not([name='9'])", ["push-button:7", "push-button:8", "push-button:="]],
  ["label, table", ["label:Result Value", "label:close", "table:Stats"]],
  ["table, label", ["label:Result Value", "label:close", "table:Stats"]],
  ["cp|frame", []],
];

for (const [query, expected] of CSS_CASES) {
  Deno.test(`css ${query}`, () => {
    assert.deepEqual(selectCss(query, ROOT, NS).map(label), expected);
  });
}

Deno.test("css * includes the context element, in document order", () => {
  const all = selectCss("*", ROOT, NS);
  assert.equal(all[0], ROOT);
  assert.equal(all.length, selectElements("//*", ROOT, NS).length);
  assert.ok(all.every((el, i) => i === 0 || all[i - 1].order < el.order));
});

// ---------------------------------------------------------------------------
// The metric

type MetricCase = [string, unknown, unknown, Record<string, unknown>, number];

const tail = "</frame></application></desktop-frame>";
const FUZZY_XML = `<desktop-frame${DECLS}><application name="a"><frame name="f">` +
  `<label name="l">Hello world</label><label name="m">Hello</label>${tail}`;

const METRIC_CASES: MetricCase[] = [
  ["exact text", DESKTOP, [{ xpath: "//label[@attr:id='result']", text: "42" }], {}, 1],
  ["exact text differs", DESKTOP, [{ xpath: "//label[@attr:id='result']", text: "41" }], {}, 0],
  [
    "exact defaults to true",
    DESKTOP,
    [{ selectors: ["label[attr|id=result]"], text: "42" }],
    {},
    1,
  ],
  ["explicit exact", DESKTOP, [{ xpath: "//label", text: "42", exact: true }], {}, 1],
  ["best element wins", DESKTOP, [{ xpath: "//text", text: "12+30" }], {}, 1],
  [
    "fuzzy text: best ratio",
    FUZZY_XML,
    [{ xpath: "//label", text: "Hello world!", exact: false }],
    {},
    22 / 23,
  ],
  ["fuzzy text None scores 0", DESKTOP, [{ xpath: "//panel", text: "x", exact: false }], {}, 0],
  ["exact text None vs None", DESKTOP, [{ xpath: "//panel", text: null }], {}, 1],
  ["no match scores 0", DESKTOP, [{ xpath: "//slider" }], {}, 0],
  ["presence only", DESKTOP, [{ selectors: ["push-button[name='=']"] }], {}, 1],
  [
    "rules multiply",
    FUZZY_XML,
    [
      { xpath: "//label[@name='l']", text: "Hello world!", exact: false },
      { xpath: "//label[@name='m']", text: "Help", exact: false },
    ],
    {},
    (22 / 23) * (6 / 9),
  ],
  ["a failing rule zeroes the product", DESKTOP, [{ xpath: "//label" }, { xpath: "//x" }], {}, 0],
  [
    "xpath has priority over selectors",
    DESKTOP,
    [{ xpath: "//label[@attr:id='result']", selectors: ["nothing"], text: "42" }],
    {},
    1,
  ],
  [
    "selectors are joined with commas",
    DESKTOP,
    [{ selectors: ["nothing", "label[attr|id='result']"], text: "42" }],
    {},
    1,
  ],
  ["rules under a rules key", DESKTOP, { rules: [{ xpath: "//label", text: "42" }] }, {}, 1],
  ["no rules", DESKTOP, [], {}, 1],
  ["rule with neither xpath nor selectors", DESKTOP, [{ text: "42" }], {}, 0],
  ["malformed XML", "<desktop-frame><a></desktop-frame>", [{ xpath: "//a" }], {}, 0],
  ["undeclared prefix in XML", "<a st:showing='true'/>", [{ xpath: "//a" }], {}, 0],
  ["non-string result", null, [{ xpath: "//a" }], {}, 0],
  ["undefined prefix in the query", DESKTOP, [{ xpath: "//*[@zz:id='x']" }], {}, 0],
  ["undefined prefix in a selector", DESKTOP, [{ selectors: ["[zz|id=x]"] }], {}, 0],
  ["xpath yielding attributes only", DESKTOP, [{ xpath: "//label/@name" }], {}, 0],
  ["unknown osname", DESKTOP, [{ xpath: "//label" }], { osname: "mac" }, 0],
  ["windows namespaces do not match Linux XML", DESKTOP, [{ xpath: "//*[@attr:id]" }], {
    osname: "windows",
  }, 0],
];

for (const [name, result, rules, options, expected] of METRIC_CASES) {
  Deno.test(`check_accessibility_tree: ${name}`, () => {
    const got = checkAccessibilityTree(result, rules, options);
    assert.ok(Math.abs(got - expected) < 1e-12, `${got} != ${expected}`);
  });
}

Deno.test("check_accessibility_tree with Windows namespaces, including class", () => {
  const decls = WINDOWS_NAMESPACES.map(([p, uri]) => ` xmlns:${p}="${uri}"`).join("");
  const xml = `<desktop${decls}><window name="Notepad" class:name="Notepad" attr:id="w">` +
    `<edit name="Text">hi</edit></window></desktop>`;
  const rules = [
    { xpath: "//window[@class:name='Notepad']/edit", text: "hi" },
    { selectors: ["window[attr|id=w]"] },
  ];
  assert.equal(checkAccessibilityTree(xml, rules, { osname: "windows" }), 1);
  assert.equal(checkAccessibilityTree(xml, rules, {}), 0);
});

Deno.test("check_accessibility_tree is registered", () => {
  assert.equal(METRICS.get("check_accessibility_tree"), checkAccessibilityTree);
});

const UNSUPPORTED: Array<[string, Record<string, unknown>, RegExp]> = [
  ["xpath variable", { xpath: "//label[@name=$x]" }, /variable reference at position 14/],
  [
    "xpath function",
    { xpath: "//label[matches(@name, 'R')]" },
    /function matches\(\) at position 8/,
  ],
  ["xpath 2 ends-with", { xpath: "//*[ends-with(@name, 'x')]" }, /function ends-with\(\)/],
  ["xpath namespace axis", { xpath: "//label/namespace::*" }, /axis namespace:: at position 8/],
  ["xpath comment test", { xpath: "//comment()" }, /node test comment\(\) at position 2/],
  ["xpath syntax", { xpath: "//label[" }, /end of query at position 8/],
  ["css pseudo-class", { selectors: ["label:hover"] }, /pseudo-class :hover at position 5/],
  ["css pseudo-element", { selectors: ["label::before"] }, /pseudo-element :: at position 5/],
  ["css function", { selectors: ["label:has(x)"] }, /pseudo-class :has\(\) at position 5/],
  ["css any namespace", { selectors: ["*|label"] }, /any-namespace prefix \*\| at position 0/],
  ["css syntax", { selectors: ["label["] }, /end of selector at position 6/],
  ["css :not with a combinator", { selectors: [":not(a b)"] }, /character "b" at position 7/],
];

for (const [name, rule, message] of UNSUPPORTED) {
  Deno.test(`unsupported query throws: ${name}`, () => {
    assert.throws(() => checkAccessibilityTree(DESKTOP, [rule], {}), (error: unknown) => {
      assert.ok(error instanceof UnsupportedTreeQuery, String(error));
      assert.match(error.message, message);
      return true;
    });
  });
}

// ---------------------------------------------------------------------------
// The service's own XML

Deno.test("queries run on the XML the service renders from an Element tree", () => {
  const visible = { showing: true, visible: true, enabled: true };
  const calculator = element("Application", "gnome-calculator", [0, 0, 0, 0], {
    platform_role: "application",
    states: {},
  }, [
    element("Window", "Calculator", [70, 27, 360, 500], {
      platform_role: "frame",
      states: visible,
    }, [
      element("Text", "Result", [80, 60, 340, 40], {
        platform_role: "label",
        states: visible,
        text: "42",
        attributes: { id: "result" },
      }),
      element("Button", "7", [80, 120, 60, 40], {
        platform_role: "push button",
        states: visible,
      }),
    ]),
  ]);
  const desktop = element("Desktop", "main", [0, 0, 0, 0], { platform_role: "desktop frame" }, [
    calculator,
  ]);
  const xml = accessibilityXml(desktop);
  const rules = [
    { xpath: "//application[@name='gnome-calculator']//label[@attr:id='result']", text: "42" },
    { xpath: "//push-button[@name='7'][@st:showing='true'][@cp:screencoord='(80, 120)']" },
    { selectors: ["frame[st|visible=true] > push-button[cp|size='(60, 40)']"] },
    { selectors: ["application[name=gnome-calculator] label"], text: "4", exact: false },
  ];
  assert.ok(Math.abs(checkAccessibilityTree(xml, rules, {}) - 2 / 3) < 1e-12);
  const root = parseXmlDom(xml).element;
  assert.deepEqual(selectElements("//*", root, NS).map(label), [
    "desktop-frame",
    "application:gnome-calculator",
    "frame:Calculator",
    "label:Result",
    "push-button:7",
  ]);
});
