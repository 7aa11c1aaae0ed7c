import { strict as assert } from "node:assert";
import { translateOriginalKeys } from "./original_keys.ts";

type Raw = Record<string, unknown>;

Deno.test("translateOriginalKeys: each original key, where it goes and what it becomes", () => {
  const cases: Array<[string, Raw, Raw, string[]]> = [
    ["nothing of the original's", { web_ui: { port: 1 } }, { web_ui: { port: 1 } }, []],
    [
      "redaction: OCR patterns become text patterns, the blur a mode",
      { redaction: { ocr_text_patterns: ["\\d{4}"], blur_screenshots: true, _note: "x" } },
      { safety: { redaction: { text_patterns: ["\\d{4}"], image_blur: "black" } } },
      [
        "redaction.ocr_text_patterns → safety.redaction.text_patterns",
        "redaction.blur_screenshots → safety.redaction.image_blur",
      ],
    ],
    [
      "confirmation rules: name_regex is name; a rule with neither key never matched",
      { confirmation_required: [{ name_regex: "pay" }, {}] },
      { safety: { confirmation: { rules: [{ name: "pay" }] } } },
      ["confirmation_required → safety.confirmation.rules"],
    ],
    [
      "an empty rule list: no confirmation, as in the original",
      { confirmation_required: [] },
      { safety: { confirmation: { rules: [] } } },
      ["confirmation_required → safety.confirmation.rules"],
    ],
    [
      "the action lists are the access rules",
      { actions: { allow: ["list_windows"], default: "deny" } },
      { safety: { access: { allow: ["list_windows"], default: "deny" } } },
      ["actions.allow → safety.access.allow", "actions.default → safety.access.default"],
    ],
    [
      "logging.audit alone writes the original's default file; the level stays",
      { logging: { level: "INFO", audit: true } },
      { logging: { level: "INFO" }, safety: { audit: { path: "./audit.log" } } },
      ["logging.audit → safety.audit.path"],
    ],
    [
      "an audit path without logging.audit: true writes nothing, as in the original",
      { logging: { audit_path: "/x.log", audit_max_bytes: 5000 } },
      { logging: {}, safety: { audit: { path: null, max_bytes: 5000 } } },
      [
        "logging.audit_path → safety.audit.path",
        "logging.audit_max_bytes → safety.audit.max_bytes",
      ],
    ],
    [
      "audit.redact_arg_keys joins this service's safety section beside what it has",
      { audit: { redact_arg_keys: ["text"] }, safety: { budgets: { max_actions: 2 } } },
      { safety: { budgets: { max_actions: 2 }, audit: { redact_arg_keys: ["text"] } } },
      ["audit.redact_arg_keys → safety.audit.redact_arg_keys"],
    ],
  ];
  for (const [what, raw, expected, mapped] of cases) {
    const t = translateOriginalKeys(raw);
    assert.deepEqual(t.fatal, [], what);
    assert.deepEqual(t.raw, expected, what);
    assert.deepEqual(t.mapped, mapped, what);
  }
});

Deno.test("translateOriginalKeys: both spellings, unknown keys and wrong shapes are refused", () => {
  const cases: Array<[Raw, RegExp]> = [
    [
      { confirmation: { ttl_seconds: 5 }, safety: { confirmation: { ttl_s: 9 } } },
      /^confirmation\.ttl_seconds and safety\.confirmation\.ttl_s both set/,
    ],
    [
      { logging: { audit: true }, safety: { audit: { path: "/a" } } },
      /^logging\.audit and safety\.audit\.path both set/,
    ],
    [{ redaction: ["x"] }, /^redaction: must be an object/],
    [{ confirmation_required: { role: "Button" } }, /^confirmation_required: must be a list/],
    [{ confirmation_required: [{ role: "Button", text: "x" }] }, /confirmation_required\.0\.text/],
    [{ actions: { deny: [], only: ["x"] } }, /^actions\.only: not a key/],
    [{ logging: { audit: "yes" } }, /^logging\.audit: must be true or false/],
  ];
  for (const [raw, message] of cases) {
    assert.match(translateOriginalKeys(raw).fatal.join("\n"), message, JSON.stringify(raw));
  }
});
