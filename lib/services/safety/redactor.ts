// Redaction, defined once. Trees are redacted as they are captured (so every
// view built from them — sketch, prose, compact lines, tables — starts clean),
// and every way out (tool results, legacy routes, logs, the audit log) passes
// through `scrub`, which replaces known secrets and configured text patterns.
// Known secrets are the configured environment values, text typed with
// `secret: true`, and text typed into password fields.

import { mapStrings } from "../../model/map_strings.ts";
import type { Bounds, Element } from "../../model/tree.ts";
import { type ClientRegex, compileChecked } from "../../formats/regex/compile.ts";
import type { SafetyConfig } from "../../formats/config/safety.ts";
import { isPasswordField } from "../../model/password_field.ts";
import { SECRET_MASK } from "../../formats/scenario/values.ts";
import { PREFIX, SecretSet } from "./secret_set.ts";

/**
 * Literal secrets shorter than this are not searched for in free text: a
 * two-character password would blank every "12" on the screen. They are still
 * hidden where they were typed (password fields, the call's own arguments).
 */
export const MIN_SCRUBBED_SECRET = PREFIX;
/** Most literal secrets searched for; the oldest go first (an agent typing secrets in a loop). */
const MAX_SECRETS = 256;
/**
 * Longer text is not searched for in free text: every string leaving the
 * service is matched against all secrets at once, and 100,000-character
 * "secrets" would stall the HTTP thread. Passwords, keys and tokens are far
 * shorter; a longer secret is still hidden wherever it is a whole string of
 * the call's own result.
 */
const MAX_SCRUBBED_SECRET = 1024;
/** Keys whose values are images, never text. */
const IMAGE_KEYS = new Set(["data", "screenshot_b64", "png", "image"]);

export interface TreeRedaction {
  /** Screen bounds of the elements whose text was replaced. */
  boxes: Bounds[];
  count: number;
}

/** A redaction, and whether this call changed the tree (one redacted before is not, unless a secret learned since is in it). */
export type TreeRedacted = TreeRedaction & { changed: boolean };

export class Redactor {
  private readonly secrets = new SecretSet(MAX_SECRETS);
  /** Secrets added so far (a set at its capacity forgets one for each new one). */
  private secretsAdded = 0;
  /** What redacting each tree found, with the window title and the secrets added by then. */
  private readonly redacted = new WeakMap<
    Element,
    { title: string | null; secrets: number; result: TreeRedaction }
  >();
  private readonly titles: ClientRegex[];
  private readonly names: ClientRegex[];
  private readonly roles: ClientRegex[];
  private readonly texts: ClientRegex[];
  private appliedCount = 0;

  constructor(
    private readonly settings: SafetyConfig["redaction"],
    env: (name: string) => string | undefined,
  ) {
    const use = (patterns: string[]) => settings.enabled ? patterns.map(compileChecked) : [];
    this.titles = use(settings.window_title_patterns);
    this.names = use(settings.element_name_patterns);
    this.roles = use(settings.element_role_patterns);
    this.texts = use(settings.text_patterns);
    for (const name of settings.secret_env) {
      const value = env(name);
      if (value) this.addSecret(value);
    }
  }

  get replacement(): string {
    return this.settings.replacement;
  }

  /** Whether anything can be redacted beyond password fields. */
  get active(): boolean {
    return this.secrets.size > 0 || this.titles.length + this.names.length + this.roles.length +
            this.texts.length > 0;
  }

  addSecret(text: string): void {
    if (text.length < MIN_SCRUBBED_SECRET || text.length > MAX_SCRUBBED_SECRET) return;
    this.secretsAdded++;
    this.secrets.add(text);
  }

  /** `text` with every known secret and text-pattern match replaced. */
  scrubText(text: string): string {
    if (text.length === 0) return text;
    const found = this.secrets.replaceIn(text, this.settings.replacement);
    this.appliedCount += found.count;
    let out = found.text;
    for (const pattern of this.texts) out = this.replaceMatches(pattern, out);
    return out;
  }

  /** A copy of `value` with every string scrubbed (image data left as it is). */
  scrub<T>(value: T): T {
    if (this.secrets.size === 0 && this.texts.length === 0) return value;
    return mapStrings(value, (s) => this.scrubText(s), IMAGE_KEYS) as T;
  }

  /**
   * Redacts a freshly captured tree in place: password fields lose their
   * text, elements matching the name/role patterns (every element, when the
   * window's title matches) lose name and value, and every text is scrubbed.
   */
  redactTree(root: Element, windowTitle: string | null): TreeRedacted {
    // A tree redacted before (an adapter that answers an unchanged window with the same
    // tree object) has nothing left to blank: its boxes are still those found then, with
    // any a secret learned since finds now.
    const earlier = this.redacted.get(root);
    if (earlier?.title === windowTitle && earlier.secrets === this.secretsAdded) {
      return { ...earlier.result, changed: false };
    }
    const result = this.redactOnce(root, windowTitle);
    const changed = result.count > 0;
    if (earlier?.title === windowTitle) {
      result.boxes.push(...earlier.result.boxes);
      result.count += earlier.result.count;
    }
    this.redacted.set(root, { title: windowTitle, secrets: this.secretsAdded, result });
    return { ...result, changed };
  }

  private redactOnce(root: Element, windowTitle: string | null): TreeRedaction {
    const wholeWindow = windowTitle !== null && this.titles.some((p) => p.search(windowTitle));
    const result: TreeRedaction = { boxes: [], count: 0 };
    const visit = (node: Element) => {
      let hit = false;
      if (wholeWindow || this.matchesPatterns(node)) {
        hit = this.blank(node, ["name", "value", "text", "description"]);
      } else if (isPasswordField(node)) {
        hit = this.blank(node, ["value", "text"], showsMaskOnly);
      }
      hit = this.scrubFields(node) || hit;
      if (hit) {
        result.count++;
        result.boxes.push(node.bounds);
      }
      for (const child of node.children) visit(child);
    };
    visit(root);
    this.appliedCount += result.count;
    return result;
  }

  status(): Record<string, unknown> {
    const s = this.settings;
    return {
      enabled: s.enabled,
      active: this.active,
      patterns_count: this.titles.length + this.names.length + this.roles.length +
        this.texts.length,
      patterns: {
        window_title: this.titles.length,
        element_name: this.names.length,
        element_role: this.roles.length,
        text: this.texts.length,
      },
      secrets_known: this.secrets.size,
      secret_env: s.secret_env.length,
      password_fields: true,
      applied_count: this.appliedCount,
      replacement: s.replacement,
      image_blur: s.image_blur,
      // The original's name for whether screenshots hide redacted elements.
      blur_screenshots: s.image_blur !== "off",
    };
  }

  private matchesPatterns(node: Element): boolean {
    return (node.name !== "" && this.names.some((p) => p.search(node.name))) ||
      this.roles.some((p) => p.search(node.role) || p.search(node.platform_role ?? ""));
  }

  /** Replaces the non-empty fields (but those `keep` accepts); true when any was replaced. */
  private blank(
    node: Element,
    fields: Array<"name" | "value" | "text" | "description">,
    keep: (value: string) => boolean = () => false,
  ): boolean {
    let hit = false;
    for (const field of fields) {
      const v = node[field];
      if (typeof v === "string" && v !== "" && v !== this.settings.replacement && !keep(v)) {
        node[field] = this.settings.replacement;
        hit = true;
      }
    }
    return hit;
  }

  private scrubFields(node: Element): boolean {
    let hit = false;
    for (const field of ["name", "value", "text", "description"] as const) {
      const v = node[field];
      if (typeof v !== "string" || v === "") continue;
      const clean = this.scrubText(v);
      if (clean !== v) {
        node[field] = clean;
        hit = true;
      }
    }
    return hit;
  }

  private replaceMatches(pattern: ClientRegex, text: string): string {
    const spans = pattern.spans(text);
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    for (const [start, end] of spans) {
      out += text.slice(at, start) + this.settings.replacement;
      at = end;
    }
    this.appliedCount += spans.length;
    return out + text.slice(at);
  }
}

/**
 * A password field that shows only bullets (as toolkits draw it) or the
 * mock's fill marker tells whether it is filled, never what it holds: kept.
 */
function showsMaskOnly(value: string): boolean {
  return value === SECRET_MASK || /^[\u2022\u25cf\u2219\u00b7\u25e6\u2b24*]+$/u.test(value);
}
