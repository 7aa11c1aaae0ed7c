// The Python original's safety keys, read with their meaning: its config.json
// keeps redaction, confirmation rules, the action lists and the audit log at
// the top level (and under `logging`), where this service has one `safety`
// section. Each is moved into that section and said so; a file that sets the
// same thing both ways is refused naming both, and a key whose meaning this
// service cannot honour stops it, as any broken safety setting does.

type Raw = Record<string, unknown>;

export interface Translation {
  /** The file with each original key moved into `safety`. */
  raw: Raw;
  /** One line per key moved: "redaction.ocr_text_patterns → safety.redaction.text_patterns". */
  mapped: string[];
  /** Problems the service must not start with. */
  fatal: string[];
}

function isObject(v: unknown): v is Raw {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The original's key inside one of its blocks, and where it goes in `safety`. */
interface Move {
  from: string;
  to: string[];
  convert?: (value: unknown) => unknown;
}

const REDACTION: Move[] = [
  { from: "enabled", to: ["redaction", "enabled"] },
  { from: "window_title_patterns", to: ["redaction", "window_title_patterns"] },
  { from: "element_name_patterns", to: ["redaction", "element_name_patterns"] },
  { from: "element_role_patterns", to: ["redaction", "element_role_patterns"] },
  // The original applies them to OCR and description text; here to every text that leaves.
  { from: "ocr_text_patterns", to: ["redaction", "text_patterns"] },
  { from: "replacement", to: ["redaction", "replacement"] },
  {
    from: "blur_screenshots",
    to: ["redaction", "image_blur"],
    convert: (v) => typeof v === "boolean" ? (v ? "black" : "off") : v,
  },
];

const CONFIRMATION: Move[] = [
  { from: "bbox_tolerance_px", to: ["confirmation", "bbox_tolerance_px"] },
  { from: "ttl_seconds", to: ["confirmation", "ttl_s"] },
];

const ACTIONS: Move[] = [
  { from: "allow", to: ["access", "allow"] },
  { from: "deny", to: ["access", "deny"] },
  { from: "default", to: ["access", "default"] },
];

const LOGGING_AUDIT: Move[] = [
  { from: "audit_max_bytes", to: ["audit", "max_bytes"] },
  { from: "audit_backups", to: ["audit", "backups"] },
];

const AUDIT: Move[] = [{ from: "redact_arg_keys", to: ["audit", "redact_arg_keys"] }];

/** The original's default audit file (`logging.audit: true` without a path). */
const ORIGINAL_AUDIT_PATH = "./audit.log";

class Translator {
  readonly mapped: string[] = [];
  readonly fatal: string[] = [];
  readonly safety: Raw;

  constructor(safety: unknown) {
    this.safety = isObject(safety) ? structuredClone(safety) : {};
  }

  /** Sets safety.<to> unless the file already sets it there: then both are named. */
  put(origin: string, to: string[], value: unknown): void {
    const target = `safety.${to.join(".")}`;
    let section = this.safety;
    for (const key of to.slice(0, -1)) {
      if (!isObject(section[key])) section[key] = {};
      section = section[key] as Raw;
    }
    const last = to[to.length - 1];
    if (Object.hasOwn(section, last)) {
      this.fatal.push(
        `${origin} and ${target} both set the same thing: keep one of them (the first is the ` +
          "original's spelling)",
      );
      return;
    }
    section[last] = value;
    this.mapped.push(`${origin} → ${target}`);
  }

  /** Moves each known key of an original block; any other key stops the service. */
  block(name: string, block: unknown, moves: Move[], skip: string[] = []): void {
    if (!isObject(block)) {
      this.fatal.push(`${name}: must be an object, as in the original's config`);
      return;
    }
    for (const [key, value] of Object.entries(block)) {
      if (key.startsWith("_") || skip.includes(key)) continue;
      const move = moves.find((m) => m.from === key);
      if (move === undefined) {
        this.fatal.push(
          `${name}.${key}: not a key of the original's ${name} block; this service cannot ` +
            "honour a safety setting it does not know",
        );
        continue;
      }
      this.put(`${name}.${key}`, move.to, move.convert ? move.convert(value) : value);
    }
  }

  /** `confirmation_required`: [{role, name_regex}] → safety.confirmation.rules. */
  confirmationRules(rules: unknown): void {
    if (!Array.isArray(rules)) {
      this.fatal.push("confirmation_required: must be a list of {role, name_regex} rules");
      return;
    }
    const converted: Raw[] = [];
    for (const [i, rule] of rules.entries()) {
      if (!isObject(rule)) {
        this.fatal.push(`confirmation_required.${i}: must be an object {role, name_regex}`);
        continue;
      }
      const unknown = Object.keys(rule).filter((k) => k !== "role" && k !== "name_regex");
      if (unknown.length > 0) {
        this.fatal.push(
          `confirmation_required.${i}.${unknown[0]}: the original's rules have role and ` +
            "name_regex only",
        );
        continue;
      }
      // The original never matches a rule with neither key: it has no effect.
      if (rule.role === undefined && rule.name_regex === undefined) continue;
      converted.push({
        ...(rule.role === undefined ? {} : { role: rule.role }),
        ...(rule.name_regex === undefined ? {} : { name: rule.name_regex }),
      });
    }
    this.put("confirmation_required", ["confirmation", "rules"], converted);
  }

  /** `logging.audit` (on/off) and `logging.audit_path` → safety.audit.path. */
  auditLog(logging: Raw): void {
    const on = logging.audit;
    if (on !== undefined && typeof on !== "boolean") {
      this.fatal.push("logging.audit: must be true or false");
      return;
    }
    if (on === undefined && logging.audit_path === undefined) return;
    // The original writes its audit log only with logging.audit: true.
    const path = on === true ? logging.audit_path ?? ORIGINAL_AUDIT_PATH : null;
    const origin = on === undefined
      ? "logging.audit_path"
      : logging.audit_path === undefined
      ? "logging.audit"
      : "logging.audit + logging.audit_path";
    this.put(origin, ["audit", "path"], path);
  }
}

/** Moves the original's safety keys of `raw` into its `safety` section. */
export function translateOriginalKeys(raw: Raw): Translation {
  const t = new Translator(raw.safety);
  const out: Raw = { ...raw };
  const take = (key: string) => {
    const value = out[key];
    delete out[key];
    return value;
  };
  if (Object.hasOwn(raw, "redaction")) t.block("redaction", take("redaction"), REDACTION);
  if (Object.hasOwn(raw, "confirmation_required")) {
    t.confirmationRules(take("confirmation_required"));
  }
  if (Object.hasOwn(raw, "confirmation")) {
    t.block("confirmation", take("confirmation"), CONFIRMATION);
  }
  if (Object.hasOwn(raw, "actions")) t.block("actions", take("actions"), ACTIONS);
  if (Object.hasOwn(raw, "audit")) t.block("audit", take("audit"), AUDIT);
  if (isObject(raw.logging)) {
    const logging = { ...raw.logging };
    t.auditLog(logging);
    const auditKeys = ["audit", "audit_path", ...LOGGING_AUDIT.map((m) => m.from)];
    const moved = Object.fromEntries(
      Object.entries(logging).filter(([k]) => auditKeys.includes(k)),
    );
    t.block("logging", moved, LOGGING_AUDIT, ["audit", "audit_path"]);
    for (const key of auditKeys) delete logging[key];
    out.logging = logging;
  }
  if (t.mapped.length > 0) out.safety = t.safety;
  return { raw: out, mapped: t.mapped, fatal: t.fatal };
}
