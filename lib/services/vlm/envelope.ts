// The multipass result: one envelope with every key always present,
// filled from the passes whose replies parsed. Each pass may set only its
// own keys, with the expected type, so a chatty pass cannot overwrite
// another's findings.

export type PassName = "scene" | "controls" | "actions" | "verify";

export interface Envelope {
  summary: string | null;
  app: string | null;
  screen_type: string | null;
  primary_task: string | null;
  focused: Record<string, unknown> | null;
  controls: unknown[];
  next_actions: unknown[];
  modal_open: boolean | null;
  sensitive_regions: unknown[];
  confidence: number | null;
  discrepancies: unknown[];
  /** `<pass>_ms` (null: not sent), `<pass>_error`, `<pass>_skipped`, `<pass>_ignored`. */
  _passes: Record<string, unknown>;
}

type Kind = "string" | "object" | "array" | "boolean" | "number";

const PASS_KEYS: Record<PassName, Record<string, Kind>> = {
  scene: { summary: "string", app: "string", screen_type: "string", primary_task: "string" },
  controls: {
    focused: "object",
    modal_open: "boolean",
    controls: "array",
    sensitive_regions: "array",
  },
  actions: { next_actions: "array" },
  verify: { confidence: "number", discrepancies: "array" },
};

/** The most items kept, as the prompts ask. */
const LIST_CAPS: Record<string, number> = { controls: 8, next_actions: 3 };

export const PASSES: PassName[] = ["scene", "controls", "actions", "verify"];

export function emptyEnvelope(): Envelope {
  return {
    summary: null,
    app: null,
    screen_type: null,
    primary_task: null,
    focused: null,
    controls: [],
    next_actions: [],
    modal_open: null,
    sensitive_regions: [],
    confidence: null,
    discrepancies: [],
    _passes: Object.fromEntries(PASSES.map((pass) => [`${pass}_ms`, null])),
  };
}

function kindOf(value: unknown): Kind | "other" {
  if (Array.isArray(value)) return "array";
  if (value === null) return "other";
  const type = typeof value;
  return type === "string" || type === "boolean" || type === "number" || type === "object"
    ? type
    : "other";
}

/**
 * Copies the pass's own non-null keys into the envelope; returns the keys it
 * left out because their type was wrong.
 */
export function applyPass(
  envelope: Envelope,
  pass: PassName,
  reply: Record<string, unknown>,
): string[] {
  const ignored: string[] = [];
  const target = envelope as unknown as Record<string, unknown>;
  for (const [key, kind] of Object.entries(PASS_KEYS[pass])) {
    const value = reply[key];
    if (value === null || value === undefined) continue;
    if (kindOf(value) !== kind) {
      ignored.push(key);
      continue;
    }
    target[key] = Array.isArray(value) && key in LIST_CAPS ? value.slice(0, LIST_CAPS[key]) : value;
  }
  return ignored;
}

/** `app (screen_type) — primary_task` from the parts there are, or null. */
export function synthesisedSummary(envelope: Envelope): string | null {
  const parts = [
    envelope.app,
    envelope.screen_type === null ? null : `(${envelope.screen_type})`,
    envelope.primary_task === null ? null : `— ${envelope.primary_task}`,
  ].filter((part): part is string => part !== null && part !== "");
  return parts.length === 0 ? null : parts.join(" ");
}
