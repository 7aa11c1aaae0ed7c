// The safety rails' pure parts, by tables: budgets (on a fake clock),
// access rules, confirmation tokens, redaction of trees and text, image
// masking, and the config section that refuses to start when it is wrong.

import assert from "node:assert/strict";
import { BudgetLedger, type Limits } from "./budgets.ts";
import { AccessPolicy } from "./access.ts";
import { ConfirmationDesk, type ConfirmSubject } from "./confirmation.ts";
import { Redactor } from "./redactor.ts";
import { SecretSet } from "./secret_set.ts";
import { maskBoxes } from "./image_mask.ts";
import { SAFETY_SECTION } from "../../formats/config/safety.ts";
import { mergeAndValidate } from "../../formats/config/config.ts";
import { ToolError } from "../../model/errors.ts";
import { element } from "../../model/tree.ts";
import type { RawImage } from "../../model/image.ts";

const NO_LIMITS: Limits = SAFETY_SECTION.parse({}).budgets;

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (e) {
    if (e instanceof ToolError) return e.code;
    throw e;
  }
}

Deno.test("budgets: each limit refuses at the limit, and only successes are spent", () => {
  let now = 1_000_000;
  const ledger = new BudgetLedger({ ...NO_LIMITS, max_actions: 2, max_screenshots: 1 }, () => now);
  const a = ledger.admit("actions");
  ledger.settle(a, 0); // a failed action costs nothing
  ledger.settle(ledger.admit("actions"), 1);
  const inFlight = ledger.admit("actions");
  assert.equal(codeOf(() => ledger.admit("actions")), "BudgetExceeded", "in-flight counts");
  ledger.settle(inFlight, 1);
  assert.equal(codeOf(() => ledger.admit("actions")), "BudgetExceeded");
  ledger.settle(ledger.admit("screenshots"), 1);
  assert.equal(codeOf(() => ledger.admit("screenshots")), "BudgetExceeded");
  assert.equal(codeOf(() => ledger.admit("vlm_tokens")), null, "no VLM limit");
  const status = ledger.status() as Record<string, Record<string, unknown>>;
  assert.deepEqual(status.actions, { used: 2, limit: 2, remaining: 0 });
  assert.deepEqual(status.screenshots, { used: 1, limit: 1, remaining: 0 });
  assert.deepEqual(status.vlm_tokens, { used: 0, limit: null, remaining: null });
  assert.equal(status.session_seconds.limit, null);
  now += 5_000;
  assert.equal((ledger.status() as typeof status).session_seconds.elapsed, 5);
});

Deno.test("budgets: the session limit and the sliding minute", () => {
  let now = 0;
  const ledger = new BudgetLedger(
    { ...NO_LIMITS, max_session_seconds: 10, actions_per_minute: 2 },
    () => now,
  );
  ledger.settle(ledger.admit("actions"), 1);
  now = 3_000;
  ledger.settle(ledger.admit("actions"), 1);
  assert.equal(codeOf(() => ledger.admit("actions")), "RateLimited");
  now = 9_000; // inside the session's 10 s; screenshots are not rate limited
  assert.equal(codeOf(() => ledger.admit("screenshots")), null);
  now = 60_001; // the first action left the window, but the session is over
  assert.equal(codeOf(() => ledger.admit("screenshots")), "BudgetExceeded");
  const fresh = new BudgetLedger({ ...NO_LIMITS, actions_per_minute: 1 }, () => now);
  fresh.settle(fresh.admit("actions"), 0);
  assert.equal(codeOf(() => fresh.admit("actions")), "RateLimited", "failed calls still count");
  now += 60_001;
  assert.equal(codeOf(() => fresh.admit("actions")), null);
  assert.equal(new BudgetLedger(NO_LIMITS).configured, false);
});

const keepass = { title: "Passwords.kdbx - KeePassXC", process: "keepassxc" };
const editor = { title: "notes.txt - Mousepad", process: "mousepad" };

Deno.test("access rules: deny wins, default deny needs an allow rule, names the rule", () => {
  const cases: Array<{
    access: Record<string, unknown>;
    tool: string;
    window: typeof keepass | null;
    allowed: boolean;
    rule?: RegExp;
  }> = [
    { access: {}, tool: "click_at", window: keepass, allowed: true },
    { access: { deny: ["drag"] }, tool: "drag", window: null, allowed: false, rule: /deny\[0\]/ },
    { access: { deny: ["drag"] }, tool: "click_at", window: null, allowed: true },
    {
      access: { deny: [{ process: "^keepassxc$" }] },
      tool: "get_window_structure",
      window: keepass,
      allowed: false,
      rule: /keepassxc/,
    },
    {
      access: { deny: [{ process: "^keepassxc$" }] },
      tool: "click_at",
      window: editor,
      allowed: true,
    },
    {
      access: { deny: [{ tool: "type_text", title: "Mousepad" }] },
      tool: "type_text",
      window: editor,
      allowed: false,
    },
    {
      access: { deny: [{ tool: "type_text", title: "Mousepad" }] },
      tool: "get_window_structure",
      window: editor,
      allowed: true,
    },
    {
      access: { default: "deny", allow: [{ process: "mousepad" }] },
      tool: "click_at",
      window: editor,
      allowed: true,
    },
    {
      access: { default: "deny", allow: [{ process: "mousepad" }] },
      tool: "click_at",
      window: keepass,
      allowed: false,
      rule: /safety\.access\.default/,
    },
    {
      access: { default: "deny", allow: ["list_windows"] },
      tool: "click_at",
      window: null,
      allowed: false,
    },
    { access: { default: "deny" }, tool: "get_budget_status", window: null, allowed: true },
  ];
  for (const c of cases) {
    const policy = new AccessPolicy(SAFETY_SECTION.parse({ access: c.access }).access);
    const decision = c.window ? policy.window(c.tool, c.window) : policy.tool(c.tool);
    const label = `${JSON.stringify(c.access)} ${c.tool} ${c.window?.process ?? "-"}`;
    assert.equal(decision.allowed, c.allowed, label);
    if (!decision.allowed && c.rule) assert.match(decision.rule, c.rule, label);
  }
});

const deleteButton: ConfirmSubject = {
  window: { window_uid: "mock:mail", title: "Inbox", process: "mail" },
  element: {
    id: "root.0.2",
    role: "Button",
    name: "Delete",
    value: null,
    bounds: { x: 10, y: 10, width: 80, height: 20 },
  },
};

Deno.test("confirmation rules match on tool, role, name, keys, text and window", () => {
  const rules = [
    { role: "Button", name: "(?i)^(delete|send|pay|format)" },
    { tool: "press_key", keys: ["ctrl+w"], process: "chrom" },
    { tool: "type_text", text: "rm -rf" },
  ];
  const desk = new ConfirmationDesk(SAFETY_SECTION.parse({ confirmation: { rules } }).confirmation);
  const browser = { window_uid: "u", title: "Mail", process: "chromium" };
  const cases: Array<[string, Record<string, unknown>, ConfirmSubject, number | null]> = [
    ["click_element", {}, deleteButton, 0],
    [
      "click_element",
      {},
      { ...deleteButton, element: { ...deleteButton.element!, name: "Reply" } },
      null,
    ],
    ["press_key", { keys: "Control+W" }, { window: browser, element: null }, 1],
    ["press_key", { keys: "ctrl+t" }, { window: browser, element: null }, null],
    ["press_key", { keys: "ctrl+w" }, {
      window: { ...browser, process: "mousepad" },
      element: null,
    }, null],
    ["type_text", { text: "sudo rm -rf /" }, { window: browser, element: null }, 2],
    ["type_text", { text: "hello" }, { window: browser, element: null }, null],
  ];
  for (const [tool, args, subject, rule] of cases) {
    const found = desk.ruleFor({ tool, args }, subject);
    const label = `${tool} ${JSON.stringify(args)}`;
    if (rule === null) assert.equal(found, null, label);
    else assert.match(found ?? "", new RegExp(`rules\\[${rule}\\]`), label);
  }
});

Deno.test("confirmation tokens: single use, bound to tool, arguments, target; expire; drift", () => {
  let now = 0;
  const desk = new ConfirmationDesk(
    SAFETY_SECTION.parse({ confirmation: { ttl_s: 60, bbox_tolerance_px: 20 } }).confirmation,
    () => now,
  );
  const call = {
    tool: "click_element",
    args: { selector: "Button[name=Delete]", dry_run: false } as Record<string, unknown>,
  };
  const issue = () => desk.issue(call, deleteButton).token;
  const redeem = (token: string, c = call, s = deleteButton) =>
    codeOf(() => desk.redeem(token, c, s));

  const token = issue();
  assert.match(token, /^ct:[0-9a-f]{16}$/);
  assert.equal(
    redeem(token, { ...call, args: { ...call.args, confirm_token: token, dry_run: true } }),
    null,
  );
  assert.equal(redeem(token), "ConfirmationInvalid", "used once");
  assert.equal(redeem("ct:0000000000000000"), "ConfirmationInvalid", "unknown");
  assert.equal(redeem(issue(), { ...call, tool: "double_click_element" }), "ConfirmationInvalid");
  assert.equal(
    redeem(issue(), { ...call, args: { selector: "Button[name=Send]", dry_run: false } }),
    "ConfirmationInvalid",
  );
  const moved = (dx: number) => ({
    ...deleteButton,
    element: { ...deleteButton.element!, bounds: { x: 10 + dx, y: 10, width: 80, height: 20 } },
  });
  assert.equal(redeem(issue(), call, moved(20)), null, "within tolerance");
  assert.equal(redeem(issue(), call, moved(21)), "ConfirmationInvalid", "drifted");
  const late = issue();
  now += 60_000;
  assert.equal(redeem(late), "ConfirmationInvalid", "expired");
});

function redactor(settings: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  return new Redactor(SAFETY_SECTION.parse({ redaction: settings }).redaction, (n) => env[n]);
}

Deno.test("redaction of trees: password fields, name/role/title patterns, known secrets", () => {
  const tree = () =>
    element("Window", "Login", [0, 0, 400, 300], { id: "root" }, [
      element("Edit", "Password", [10, 10, 100, 20], {
        id: "root.0",
        value: "hunter22",
        platform_role: "password text",
      }),
      element("Edit", "Card number", [10, 40, 100, 20], {
        id: "root.1",
        value: "4111 1111 1111 1111",
      }),
      element("Text", "token sk-live-abcdef123456 here", [10, 70, 100, 20], { id: "root.2" }),
      element("Button", "OK", [10, 100, 100, 20], { id: "root.3" }),
    ]);
  const plain = tree();
  const r = redactor({ element_name_patterns: ["(?i)card"], text_patterns: ["sk-live-\\w+"] });
  const out = r.redactTree(plain, "Login");
  assert.equal(plain.children[0].value, "[REDACTED]", "password field");
  assert.equal(plain.children[0].name, "Password", "its label stays");
  assert.equal(plain.children[1].value, "[REDACTED]");
  assert.equal(plain.children[1].name, "[REDACTED]");
  assert.equal(plain.children[2].name, "token [REDACTED] here");
  assert.equal(plain.children[3].name, "OK");
  assert.equal(out.count, 3);
  assert.deepEqual(out.boxes.length, 3);

  const whole = tree();
  redactor({ window_title_patterns: ["^Login$"] }).redactTree(whole, "Login");
  assert.equal(whole.children[3].name, "[REDACTED]", "every element of a matching window");

  const secrets = redactor({ secret_env: ["BANK_PIN"] }, { BANK_PIN: "correct horse" });
  const withSecret = element("Text", "you typed correct horse!", [0, 0, 10, 10]);
  secrets.redactTree(withSecret, null);
  assert.equal(withSecret.name, "you typed [REDACTED]!");
  secrets.addSecret("abc"); // too short to search for in free text
  assert.equal(secrets.scrubText("abcdef"), "abcdef");
  secrets.addSecret("battery staple");
  assert.equal(
    secrets.scrubText("correct horse battery staple"),
    "[REDACTED] [REDACTED]",
  );
  const status = secrets.status();
  assert.equal(status.secrets_known, 2);
  assert.equal(JSON.stringify(status).includes("horse"), false, "status never shows a secret");
});

Deno.test("a tree redacted again keeps the boxes found the first time, and a new secret's", () => {
  const r = redactor({}, {});
  const tree = element("Window", "Login", [0, 0, 400, 300], { id: "root" }, [
    element("Edit", "Password", [10, 10, 100, 20], {
      value: "hunter22",
      platform_role: "password text",
    }),
    element("Text", "note: open sesame", [10, 40, 100, 20]),
  ]);
  const first = r.redactTree(tree, "Login");
  assert.deepEqual(first.boxes, [tree.children[0].bounds]);
  assert.equal(first.changed, true);
  // The same tree object again (an unchanged window): already blank, the same boxes.
  const again = r.redactTree(tree, "Login");
  assert.deepEqual([again.boxes, again.changed], [first.boxes, false]);
  r.addSecret("open sesame");
  const later = r.redactTree(tree, "Login");
  assert.equal(later.changed, true);
  assert.equal(tree.children[1].name, "note: [REDACTED]");
  assert.deepEqual(
    later.boxes.sort((a, b) => a.y - b.y),
    [tree.children[0].bounds, tree.children[1].bounds],
  );
});

Deno.test("redaction of results: every string, keys too, image data untouched, copy on write", () => {
  const r = redactor({ text_patterns: ["\\b\\d{3}-\\d{2}-\\d{4}\\b"] });
  r.addSecret("opensesame");
  const result = {
    text: "opensesame",
    nested: [{ prose: "SSN 123-45-6789, pw opensesame" }],
    data: "opensesame-is-not-text-here",
    clean: { a: "nothing" },
  };
  const out = r.scrub(result);
  assert.equal(out.text, "[REDACTED]");
  assert.equal(out.nested[0].prose, "SSN [REDACTED], pw [REDACTED]");
  assert.equal(out.data, result.data, "image payloads are not text");
  assert.equal(out.clean, result.clean, "unchanged parts are shared");
  assert.equal(redactor().scrub(result), result, "nothing to redact: the same object");
});

Deno.test("image masks: black and pixelated boxes, clipped to the image", () => {
  const image = { width: 4, height: 2, data: new Uint8Array(4 * 2 * 4).fill(200) };
  const black = maskBoxes(
    image,
    [{ x: 11, y: 20, width: 2, height: 5 }],
    { x: 10, y: 20 },
    "black",
  );
  const px = (img: RawImage, x: number, y: number) =>
    Array.from(img.data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
  assert.deepEqual(px(black, 1, 0), [0, 0, 0, 255]);
  assert.deepEqual(px(black, 2, 1), [0, 0, 0, 255]);
  assert.deepEqual(px(black, 0, 0), [200, 200, 200, 200]);
  assert.deepEqual(px(black, 3, 1), [200, 200, 200, 200]);
  assert.deepEqual(px(image, 1, 0), [200, 200, 200, 200], "the input is not changed");
  const striped = { width: 2, height: 1, data: new Uint8Array([0, 0, 0, 255, 100, 100, 100, 255]) };
  const blurred = maskBoxes(striped, [{ x: 0, y: 0, width: 2, height: 1 }], { x: 0, y: 0 }, "blur");
  assert.deepEqual(px(blurred, 0, 0), [50, 50, 50, 255]);
  assert.deepEqual(px(blurred, 1, 0), [50, 50, 50, 255]);
});

Deno.test("a wrong safety section is fatal, as are the original's keys set both ways", () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ safety: { access: { deny: [{ process: "(" }] } } }, /safety\.access\.deny\.0/],
    [{ safety: { budgets: { max_actions: -1 } } }, /safety\.budgets\.max_actions/],
    [{ safety: { confirmation: { rules: [{}] } } }, /at least one field/],
    [{ safety: { typo: true } }, /safety/],
    [
      {
        redaction: { element_name_patterns: ["x"] },
        safety: { redaction: { element_name_patterns: ["y"] } },
      },
      /redaction\.element_name_patterns and safety\.redaction\.element_name_patterns/,
    ],
    [{ redaction: { patterns: ["x"] } }, /redaction\.patterns: not a key of the original's/],
    [{ actions: { deny: ["("] }, safety: { access: { deny: [] } } }, /actions\.deny and/],
    // A value the original accepted but that is wrong here is named by where it was read to.
    [{ actions: { default: "maybe" } }, /safety\.access\.default/],
  ];
  for (const [raw, message] of cases) {
    const { fatal } = mergeAndValidate(raw);
    assert.ok(fatal.length > 0, JSON.stringify(raw));
    assert.match(fatal.join("\n"), message, JSON.stringify(raw));
  }
  assert.deepEqual(mergeAndValidate({ safety: { budgets: { max_actions: 3 } } }).fatal, []);
});

Deno.test("the original's safety keys are read with their meaning", () => {
  const { config, fatal, mapped } = mergeAndValidate({
    redaction: { element_name_patterns: ["(?i)password"], blur_screenshots: false },
    confirmation_required: [{ role: "Button", name_regex: "(?i)delete" }],
    confirmation: { ttl_seconds: 30 },
    actions: { deny: ["drag"] },
    logging: { level: "DEBUG", audit: true, audit_path: "/tmp/a.log", audit_backups: 2 },
  });
  assert.deepEqual(fatal, []);
  assert.deepEqual(config.safety.redaction.element_name_patterns, ["(?i)password"]);
  assert.equal(config.safety.redaction.image_blur, "off");
  assert.deepEqual(config.safety.confirmation.rules, [{ role: "Button", name: "(?i)delete" }]);
  assert.equal(config.safety.confirmation.ttl_s, 30);
  assert.deepEqual(config.safety.access.deny, ["drag"]);
  assert.equal(config.safety.audit.path, "/tmp/a.log");
  assert.equal(config.safety.audit.backups, 2);
  assert.equal(config.logging.level, "DEBUG");
  assert.ok(mapped.includes("confirmation.ttl_seconds → safety.confirmation.ttl_s"), mapped.join());
});

Deno.test("secret search: leftmost first, longest at a position, oldest dropped past capacity", () => {
  const set = new SecretSet(3);
  for (const s of ["horse", "horsefly", "abcd"]) set.add(s);
  const cases: Array<[string, string, number]> = [
    ["a horsefly and a horse", "a # and a #", 2],
    ["xabcdhorse", "x##", 2],
    ["hors", "hors", 0],
    ["", "", 0],
    ["😀abcd😀", "😀#😀", 1],
  ];
  for (const [text, expected, count] of cases) {
    assert.deepEqual(set.replaceIn(text, "#"), { text: expected, count }, text);
  }
  set.add("zzzz"); // drops "horse", the oldest
  assert.equal(set.size, 3);
  assert.deepEqual(set.replaceIn("horse horsefly zzzz", "#"), { text: "horse # #", count: 2 });
  set.add("abc"); // shorter than the bucket prefix: never searched for
  assert.equal(set.size, 3);
});
