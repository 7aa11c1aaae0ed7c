// assert_state: oracle predicates over what clients can observe — trees as
// served (secret values masked), windows, screenshots.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { evaluatePredicates } from "../services/scenario/predicates/evaluate.ts";
import { sessionDesktop } from "../services/scenario/predicates/session_desktop.ts";
import { checkedByTool } from "./shared/args.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";

const REGEX = "Python re syntax, searched anywhere (not anchored); lookaround and " +
  "backreferences are refused.";

const kind = (name: string) => z.literal(name).describe(`The predicate kind: "${name}".`);

const windowUid = z.string().optional().describe(
  "The window to check, by window_uid from list_windows; default the focused window (else " +
    "the first). A uid of a window that no longer exists fails the predicate.",
);

const selector = z.string().min(1).describe(
  'Selector in the window\'s tree, e.g. Edit[name="User"]; the first match is used.',
);

/**
 * A predicate as published. lib/services/scenario/predicates/ reads each one itself:
 * a malformed predicate fails with the reason as its `observed`, never the call.
 */
const predicate = z.discriminatedUnion("kind", [
  z.object({ kind: kind("element_exists"), selector, window_uid: windowUid }).describe(
    "Passes when selector matches at least one element; observed: count, first_id.",
  ),
  z.object({ kind: kind("element_absent"), selector, window_uid: windowUid }).describe(
    "Passes when selector matches no element; observed: count.",
  ),
  z.object({
    kind: kind("value_equals"),
    selector,
    expected: z.union([
      z.string().describe("The exact value."),
      z.null().describe("The element has no value."),
    ]).optional().describe("The value the first match must have. Default null."),
    window_uid: windowUid,
  }).describe("Passes when the first match's value equals expected; observed: actual."),
  z.object({
    kind: kind("value_matches"),
    selector,
    regex: z.string().describe(`Matched against the first match's value. ${REGEX}`),
    window_uid: windowUid,
  }).describe("Passes when the first match's value matches regex; observed: actual."),
  z.object({
    kind: kind("text_visible"),
    regex: z.string().describe(`Matched against each element's "name value". ${REGEX}`),
    mode: z.enum(["tree", "ocr", "auto"]).default("auto").describe(
      "Where to look: tree (element names and values), ocr (text read off the screenshot; " +
        "no OCR engine in this build, so it fails with a hint) or auto (default: tree, then " +
        "OCR).",
    ),
    window_uid: windowUid,
  }).describe("Passes when some text in the window matches regex; observed: source, element_id."),
  z.object({
    kind: kind("window_focused"),
    title_regex: z.string().describe(`Matched against the focused window's title. ${REGEX}`),
  }).describe("Passes when the focused window's title matches title_regex."),
  z.object({
    kind: kind("window_exists"),
    title_regex: z.string().optional().describe(`Matched against window titles. ${REGEX}`),
    window_uid: z.string().optional().describe("A window_uid that must exist."),
  }).describe(
    "Passes when a window has this window_uid or a title matching title_regex; give at " +
      "least one.",
  ),
  z.object({
    kind: kind("tree_hash_equals"),
    expected_hash: z.string().describe(
      "The expected tree_hash, as get_window_structure and observe_window return it.",
    ),
    window_uid: windowUid,
  }).describe("Passes when the window's tree_hash equals expected_hash; observed: actual."),
  z.object({
    kind: kind("screenshot_similar"),
    reference_path: z.string().describe(
      "A reference PNG, relative to the server's working directory, inside a reference " +
        "folder (config references.dirs, scenario folders or the tracing folder); resized to " +
        "the screenshot when sizes differ.",
    ),
    min_ssim: z.number().default(0.95).describe(
      "The least SSIM (structural similarity, at most 1) that passes. Default 0.95.",
    ),
    window_uid: windowUid,
  }).describe(
    "Passes when the window's screenshot is similar enough to the reference image; " +
      "observed: ssim.",
  ),
]).describe("One predicate: an object whose `kind` says which and what else it needs.");

/** What a predicate saw: text when it failed early, else the facts its kind reports. */
const observed = z.union([
  z.string().describe('Why it failed, in words ("no matches", "error: ...").'),
  z.object({
    count: z.number().int().optional().describe("element_exists / element_absent: matches."),
    first_id: z.string().nullable().optional().describe("element_exists: the first match's id."),
    actual: z.string().nullable().optional().describe(
      "value_equals / value_matches: the first match's value; tree_hash_equals: the hash.",
    ),
    ssim: z.number().optional().describe("screenshot_similar: the similarity found."),
    source: z.enum(["tree", "ocr"]).optional().describe("text_visible: where the text was."),
    element_id: z.string().optional().describe("text_visible: the element that shows it."),
    window_uid: z.string().optional().describe("Window predicates: the window that matched."),
    title: z.string().optional().describe("Window predicates: its title."),
    ocr_error: z.string().optional().describe("text_visible: why OCR could not look."),
    hint: z.string().optional().describe("text_visible: what to do instead."),
  }).describe("What the predicate observed."),
]).describe("What the predicate observed, or why it failed.");

/** Read by the predicates themselves (a malformed one fails alone), so checked by the tool. */
const predicateList = checkedByTool(z.array(predicate).min(1));

export const assertStateTool = defineTool({
  name: "assert_state",
  description: "Check predicates against the current screen, e.g. " +
    '[{"kind":"text_visible","regex":"Welcome"},{"kind":"value_equals","selector":' +
    '"Edit[name=\\"User\\"]","expected":"alice"}]. Kinds: element_exists, element_absent, ' +
    "value_equals, value_matches, text_visible, window_focused, window_exists, " +
    "tree_hash_equals, screenshot_similar. Never fails: each result has passed and observed; " +
    "all_passed is their AND.",
  kind: "other",
  input: z.object({
    predicate: predicateList.optional().describe(
      "Same as predicates (also a list); wins when both are given.",
    ),
    predicates: predicateList.optional().describe(
      "The predicates to check, in order: a non-empty list. Required unless predicate is " +
        "given.",
    ),
  }),
  output: z.object({
    all_passed: z.boolean().describe("Whether every predicate passed."),
    results: z.array(
      z.object({
        kind: z.unknown().describe(
          'The predicate\'s kind as given ("?" when it had none or was not an object).',
        ),
        passed: z.boolean().describe("Whether it passed."),
        observed,
        error_code: z.string().optional().describe(
          "screenshot_similar: the error code when the reference could not be used.",
        ),
        args: z.record(z.string(), z.unknown()).optional().describe(
          "The predicate's other fields (the whole predicate for an unknown kind).",
        ),
      }).describe("One predicate's verdict."),
    ).describe("One result per predicate, in order."),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const list = args.predicate ?? args.predicates;
    if (!Array.isArray(list) || list.length === 0) {
      throw new ToolError("BadRequest", "predicates list required");
    }
    const results = await evaluatePredicates(
      list,
      sessionDesktop(session),
      session.config.limits.regex_length,
    );
    return { all_passed: results.every((r) => r.passed), results };
  },
});
