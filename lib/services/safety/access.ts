// Access rules (safety.access): which tools may run and on which windows,
// decided from the tool name and the target window's process and title. Deny
// rules win over allow rules; with `default: "deny"` only what an allow rule
// names runs. Pure: the guarded adapter and dispatch ask, they decide.

import { ToolError } from "../../model/errors.ts";
import { type ClientRegex, compileChecked } from "../../formats/regex/compile.ts";
import type { AccessRule, SafetyConfig } from "../../formats/config/safety.ts";

/** Tools that describe the service itself and are never refused. list_windows is still filtered. */
export const ALWAYS_PERMITTED = new Set([
  "get_capabilities",
  "get_monitors",
  "get_budget_status",
  "get_redaction_status",
  "list_windows",
]);

export interface WindowFacts {
  title: string;
  process: string;
}

export type AccessDecision = { allowed: true } | { allowed: false; rule: string; reason: string };

interface CompiledRule {
  label: string;
  tools: ReadonlySet<string> | null;
  process: ClientRegex | null;
  title: ClientRegex | null;
}

const ALLOWED: AccessDecision = { allowed: true };

export class AccessPolicy {
  private readonly allow: CompiledRule[];
  private readonly deny: CompiledRule[];
  private readonly defaultDeny: boolean;

  constructor(settings: SafetyConfig["access"]) {
    this.allow = settings.allow.map((r, i) => compile(r, `safety.access.allow[${i}]`));
    this.deny = settings.deny.map((r, i) => compile(r, `safety.access.deny[${i}]`));
    this.defaultDeny = settings.default === "deny";
  }

  /** Whether any rule looks at windows (else window checks can be skipped). */
  get hasWindowRules(): boolean {
    return this.defaultDeny || [...this.allow, ...this.deny].some(isWindowRule);
  }

  /** The tool-level decision, before anything runs and before any window is known. */
  tool(name: string): AccessDecision {
    if (ALWAYS_PERMITTED.has(name)) return ALLOWED;
    const denied = this.deny.find((r) => !isWindowRule(r) && toolMatches(r, name));
    if (denied) return refusal(denied, `tool '${name}' is denied`);
    if (this.defaultDeny && !this.allow.some((r) => toolMatches(r, name))) {
      return {
        allowed: false,
        rule: "safety.access.default",
        reason: `safety.access.default is "deny" and no allow rule names '${name}'`,
      };
    }
    return ALLOWED;
  }

  /** Whether `tool` (null: outside any tool call) may see or act on `window`. */
  window(tool: string | null, window: WindowFacts): AccessDecision {
    const denied = this.deny.find((r) => ruleMatches(r, tool, window));
    if (denied) return refusal(denied, `window '${window.title}' (${window.process}) is denied`);
    if (!this.defaultDeny || this.allow.some((r) => ruleMatches(r, tool, window))) return ALLOWED;
    return {
      allowed: false,
      rule: "safety.access.default",
      reason: `safety.access.default is "deny" and no allow rule matches window ` +
        `'${window.title}' (${window.process})`,
    };
  }
}

/** Throws NotAllowed, naming the rule, when the decision refuses. */
export function refuseIfDenied(
  decision: AccessDecision,
  context: Record<string, unknown> = {},
): void {
  if (decision.allowed) return;
  throw new ToolError("NotAllowed", `not allowed: ${decision.reason}`, {
    rule: decision.rule,
    ...context,
  });
}

function compile(given: AccessRule, label: string): CompiledRule {
  // A bare string names a tool.
  const rule = typeof given === "string" ? { tool: given } : given;
  const tools = rule.tool === undefined
    ? null
    : new Set(typeof rule.tool === "string" ? [rule.tool] : rule.tool);
  return {
    label: `${label} ${JSON.stringify(given)}`,
    tools,
    process: "process" in rule && rule.process ? compileChecked(rule.process) : null,
    title: "title" in rule && rule.title ? compileChecked(rule.title) : null,
  };
}

function isWindowRule(rule: CompiledRule): boolean {
  return rule.process !== null || rule.title !== null;
}

/** Outside a tool call only rules that name no tool apply. */
function toolMatches(rule: CompiledRule, tool: string | null): boolean {
  return rule.tools === null || (tool !== null && rule.tools.has(tool));
}

function ruleMatches(rule: CompiledRule, tool: string | null, window: WindowFacts): boolean {
  return toolMatches(rule, tool) &&
    (rule.process === null || rule.process.search(window.process)) &&
    (rule.title === null || rule.title.search(window.title));
}

function refusal(rule: CompiledRule, reason: string): AccessDecision {
  return { allowed: false, rule: rule.label, reason };
}
