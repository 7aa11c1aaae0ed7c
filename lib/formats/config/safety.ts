// The `safety` config section: budgets, redaction, the audit log, access
// rules, confirmation rules and the injection policy. Unlike other sections a
// broken safety section stops the service (main.ts): running without the
// protection an operator wrote down would be worse than not running.

import { z } from "zod";
import { ClientRegex, compileClientRegex } from "../regex/compile.ts";

/** A Python-syntax regex that must compile (checked at load, so rules never fail later). */
const pattern = (what: string) =>
  z.string().min(1).refine((p) => compileClientRegex(p, Infinity) instanceof ClientRegex, {
    error: (issue) => `not a valid regex: ${JSON.stringify(issue.input)}`,
  }).describe(what);

const limit = (what: string) =>
  z.number().int().min(0).nullable().default(null).describe(`${what} (null: unlimited).`);

const budgets = z.object({
  max_actions: limit("Successful input tool calls per session"),
  max_screenshots: limit("Successful screenshot tool calls per session"),
  max_vlm_tokens: limit("Vision-model output tokens per session (about 4 characters a token)"),
  max_session_seconds: limit("Seconds from service start after which gated tools are refused"),
  actions_per_minute: limit("Input tool calls in any sliding 60 s window"),
}).describe("Budgets; the --max-* and --actions-per-minute flags override them.");

const redaction = z.object({
  enabled: z.boolean().default(true).describe(
    "Master switch for the configured patterns (password fields and secret: true text are " +
      "always redacted).",
  ),
  window_title_patterns: z.array(pattern("Regex searched in window titles.")).default([])
    .describe("Every element of a window whose title matches is redacted."),
  element_name_patterns: z.array(pattern("Regex searched in element names.")).default([])
    .describe("Elements whose name matches have their name and value redacted."),
  element_role_patterns: z.array(pattern("Regex searched in element roles.")).default([])
    .describe("Elements whose role matches have their name and value redacted."),
  text_patterns: z.array(pattern("Regex searched in any text.")).default([]).describe(
    "Every match in any text that leaves the service (results, prose, sketches, OCR, " +
      "prompts, logs, audit) is replaced.",
  ),
  secret_env: z.array(z.string().min(1)).default([]).describe(
    "Names of environment variables whose values are secrets: never shown anywhere.",
  ),
  replacement: z.string().min(1).default("[REDACTED]").describe("What redacted text becomes."),
  image_blur: z.enum(["off", "black", "blur"]).default("black").describe(
    "Screenshots: paint the boxes of redacted elements black, blur them, or leave them.",
  ),
}).describe("Redaction of secrets on every way out.");

const windowRule = {
  process: pattern("Regex searched in the window's process name.").optional(),
  title: pattern("Regex searched in the window's title.").optional(),
};

const tools = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional()
  .describe("Tool name or names the rule applies to (all tools when absent).");

export const accessRule = z.union([
  z.string().min(1),
  z.object({ tool: tools, ...windowRule }).strict(),
]).describe(
  "A tool name, or {tool, process, title}: every field given must match the call.",
);

const access = z.object({
  default: z.enum(["allow", "deny"]).default("allow").describe(
    "What a call no rule matches gets.",
  ),
  allow: z.array(accessRule).default([]).describe("Rules that permit (with default deny)."),
  deny: z.array(accessRule).default([]).describe("Rules that refuse; deny wins over allow."),
  denied_windows: z.enum(["hidden", "marked"]).default("hidden").describe(
    "list_windows leaves denied windows out, or shows each as {denied: true}.",
  ),
}).describe("Which tools may run, and on which windows.");

export const confirmRule = z.object({
  tool: tools,
  role: z.string().min(1).optional().describe("The target element's role, exactly."),
  name: pattern("Regex searched in the target element's name.").optional(),
  value: pattern("Regex searched in the target element's value.").optional(),
  text: pattern("Regex searched in the text a call types or sets.").optional(),
  keys: z.array(z.string().min(1)).min(1).optional().describe(
    "Key combinations (as press_key takes them) the rule applies to.",
  ),
  ...windowRule,
}).strict().refine((r) => Object.values(r).some((v) => v !== undefined), {
  error: "a confirmation rule needs at least one field",
}).describe("Every field given must match the call.");

const confirmation = z.object({
  rules: z.array(confirmRule).default([]).describe(
    "Actions matching a rule run only with a confirm_token from propose_action.",
  ),
  ttl_s: z.number().int().min(1).max(3600).default(60).describe("How long a token lives."),
  bbox_tolerance_px: z.number().int().min(0).default(20).describe(
    "How far the target element may have moved since the proposal.",
  ),
}).describe("Two-step confirmation of risky actions.");

const audit = z.object({
  path: z.string().min(1).nullable().default(null).describe(
    "JSON-lines audit file (null: no audit log).",
  ),
  max_bytes: z.number().int().min(4096).default(10 * 1024 * 1024).describe(
    "Size at which the file is rotated to <path>.1.",
  ),
  backups: z.number().int().min(0).max(100).default(3).describe("Rotated files kept."),
  fsync: z.boolean().default(false).describe(
    "Flush each record to the disk, not only to the OS (survives power loss; slower).",
  ),
  redact_arg_keys: z.array(z.string()).default([
    "text",
    "value",
    "password",
    "api_key",
    "Authorization",
    "confirm_token",
  ]).describe("Argument values never written to the audit log (the key is listed instead)."),
}).describe("Tamper-evident audit log of input calls and refusals.");

export const SAFETY_SECTION = z.object({
  budgets: budgets.default(budgets.parse({})),
  redaction: redaction.default(redaction.parse({})),
  access: access.default(access.parse({})),
  confirmation: confirmation.default(confirmation.parse({})),
  audit: audit.default(audit.parse({})),
  injection_warnings: z.boolean().default(true).describe(
    "Report screen text that addresses the agent as injection_warnings on perception results.",
  ),
  block_after_injection: z.boolean().default(false).describe(
    "After an injection warning, input tools need a confirm_token until the agent calls " +
      "acknowledge_injection.",
  ),
}).strict().describe(
  "Safety rails: budgets, redaction, audit log, access rules, confirmation, injection " +
    "tripwire. An invalid safety section stops the service instead of falling back.",
);

export type SafetyConfig = z.output<typeof SAFETY_SECTION>;
export type AccessRule = z.output<typeof accessRule>;
export type ConfirmRule = z.output<typeof confirmRule>;
