// Two-step confirmation (safety.confirmation): an action whose target matches
// a rule runs only with a confirm_token that propose_action issued for the
// very same action, arguments and target. Tokens are single use, expire, and
// are refused when the element moved further than the tolerance since.

import { ToolError } from "../../model/errors.ts";
import type { Bounds } from "../../model/tree.ts";
import { parseKeysArg } from "../../formats/keys/key_args.ts";
import { type ClientRegex, compileChecked } from "../../formats/regex/compile.ts";
import type { ConfirmRule, SafetyConfig } from "../../formats/config/safety.ts";
import { randomHex } from "../../model/hex.ts";

/** What an action is aimed at, as far as it is known before it runs. */
export interface ConfirmSubject {
  window: { window_uid: string; title: string; process: string } | null;
  element: { id: string; role: string; name: string; value: string | null; bounds: Bounds } | null;
}

/** The call being confirmed: its tool and its validated arguments. */
export interface ConfirmCall {
  tool: string;
  args: Record<string, unknown>;
}

interface CompiledRule {
  label: string;
  tools: ReadonlySet<string> | null;
  role: string | null;
  name: ClientRegex | null;
  value: ClientRegex | null;
  text: ClientRegex | null;
  keys: ReadonlySet<string> | null;
  process: ClientRegex | null;
  title: ClientRegex | null;
}

interface Issued {
  tool: string;
  args: string;
  windowUid: string | null;
  elementId: string | null;
  bounds: Bounds | null;
  expiresAt: number;
}

/** Arguments that are not part of what was confirmed. */
const UNBOUND_ARGS = new Set(["confirm_token", "dry_run"]);
const MAX_TOKENS = 1000;

export class ConfirmationDesk {
  private readonly rules: CompiledRule[];
  private readonly tokens = new Map<string, Issued>();

  constructor(
    private readonly settings: SafetyConfig["confirmation"],
    private readonly now: () => number = Date.now,
  ) {
    this.rules = settings.rules.map((r, i) => compile(r, `safety.confirmation.rules[${i}]`));
  }

  /** Whether some rule looks at the element (so a pointer's target element must be found). */
  get needsElement(): boolean {
    return this.rules.some((r) => r.role !== null || r.name !== null || r.value !== null);
  }

  /** The first rule the call matches, by its label, or null. */
  ruleFor(call: ConfirmCall, subject: ConfirmSubject): string | null {
    return this.rules.find((r) => matches(r, call, subject))?.label ?? null;
  }

  issue(call: ConfirmCall, subject: ConfirmSubject): { token: string; expiresAt: number } {
    const now = this.now();
    for (const [token, issued] of this.tokens) {
      if (issued.expiresAt <= now) this.tokens.delete(token);
    }
    if (this.tokens.size >= MAX_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
    const token = `ct:${randomHex(8)}`;
    const expiresAt = now + this.settings.ttl_s * 1000;
    this.tokens.set(token, {
      tool: call.tool,
      args: boundArgs(call.args),
      windowUid: subject.window?.window_uid ?? null,
      elementId: subject.element?.id ?? null,
      bounds: subject.element?.bounds ?? null,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** Uses up `token` for this call, or throws ConfirmationInvalid (the token is gone either way). */
  redeem(token: string, call: ConfirmCall, subject: ConfirmSubject): void {
    const issued = this.tokens.get(token);
    this.tokens.delete(token);
    if (!issued || issued.expiresAt <= this.now()) {
      throw new ToolError("ConfirmationInvalid", "confirm_token expired, unknown, or already used");
    }
    const mismatch = issued.tool !== call.tool
      ? "another tool"
      : issued.args !== boundArgs(call.args)
      ? "other arguments"
      : issued.windowUid !== (subject.window?.window_uid ?? null)
      ? "another window"
      : issued.elementId !== (subject.element?.id ?? null)
      ? "another element"
      : null;
    if (mismatch) {
      throw new ToolError(
        "ConfirmationInvalid",
        `confirm_token was proposed for ${mismatch}: it does not match this action`,
        { proposed_tool: issued.tool },
      );
    }
    const now = subject.element?.bounds;
    if (issued.bounds && now && drift(issued.bounds, now) > this.settings.bbox_tolerance_px) {
      throw new ToolError(
        "ConfirmationInvalid",
        "element bounds drifted beyond confirmation tolerance",
        { proposed_bounds: issued.bounds, bounds: now },
      );
    }
  }
}

/** The arguments a token is bound to, canonical (the tool's schema fixed their order). */
function boundArgs(args: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(
    Object.entries(args).filter(([k, v]) => !UNBOUND_ARGS.has(k) && v !== undefined),
  ));
}

function drift(a: Bounds, b: Bounds): number {
  return Math.max(
    Math.abs(a.x - b.x),
    Math.abs(a.y - b.y),
    Math.abs(a.width - b.width),
    Math.abs(a.height - b.height),
  );
}

function compile(rule: ConfirmRule, label: string): CompiledRule {
  const regex = (p: string | undefined) => p === undefined ? null : compileChecked(p);
  return {
    label: `${label} ${JSON.stringify(rule)}`,
    tools: rule.tool === undefined
      ? null
      : new Set(typeof rule.tool === "string" ? [rule.tool] : rule.tool),
    role: rule.role ?? null,
    name: regex(rule.name),
    value: regex(rule.value),
    text: regex(rule.text),
    keys: rule.keys ? new Set(rule.keys.map(canonicalKeys)) : null,
    process: regex(rule.process),
    title: regex(rule.title),
  };
}

function matches(rule: CompiledRule, call: ConfirmCall, subject: ConfirmSubject): boolean {
  const { element, window } = subject;
  const text = typedText(call.args);
  const keys = typeof call.args.keys === "string" ? canonicalKeys(call.args.keys) : null;
  return (rule.tools === null || rule.tools.has(call.tool)) &&
    (rule.role === null || element?.role === rule.role) &&
    (rule.name === null || (element !== null && rule.name.search(element.name))) &&
    (rule.value === null || (element?.value != null && rule.value.search(element.value))) &&
    (rule.text === null || (text !== null && rule.text.search(text))) &&
    (rule.keys === null || (keys !== null && rule.keys.has(keys))) &&
    (rule.process === null || (window !== null && rule.process.search(window.process))) &&
    (rule.title === null || (window !== null && rule.title.search(window.title)));
}

/** The text a call types or sets (type_text's text, set_value's value). */
export function typedText(args: Record<string, unknown>): string | null {
  const text = args.text ?? args.value;
  return typeof text === "string" ? text : null;
}

/** "Ctrl+W" and "control+w" are the same combination. */
function canonicalKeys(keys: string): string {
  try {
    return parseKeysArg(keys).join("+");
  } catch {
    return keys.toLowerCase();
  }
}
