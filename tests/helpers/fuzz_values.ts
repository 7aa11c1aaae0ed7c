// Arguments for the schema fuzz test: values drawn from a tool's advertised
// JSON Schema (so most reach the tool's logic), then mutated with hostile
// values (wrong types, extremes, prototype names, control characters, deep
// nesting, paths and patterns that once froze or crashed the service).

export type JsonSchema = Record<string, unknown>;

/** mulberry32: small, fast and the same sequence for the same seed everywhere. */
export class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const HOSTILE_STRINGS = [
  "",
  " ",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "a".repeat(10_000),
  "日本語 ✓ \u202e\u0000\u001b[31m",
  "(.*)*Z",
  "((.)+)+Z",
  "(?=a)b",
  '//*[name~="(.*)*Z"]',
  'Button[name="OK"',
  "/dev/zero",
  "/dev/stdin",
  "/etc/shadow",
  "../../../../etc/passwd",
  "scenarios/login.yaml",
  "ctrl+constructor",
  "tt:0000000000000000",
  "snap:0123456789abcdef",
  "pc:ffffffffffffffff",
  "x11:0x1",
  "mock:0:deadbeef",
  "%00%ff",
  "1e308",
];

export const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 53,
  100_000,
  1e9,
  -100_001,
];

/** Sleep-like fields are kept short so the run's 2 s bound measures the service, not the request. */
const SLEEP_FIELDS: Record<string, number> = {
  timeout_ms: 300,
  poll_ms: 100,
  quiet_ms: 200,
  hover_ms: 100,
  wait_after_ms: 100,
  duration_s: 0.1,
};

export function hostileValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, 7)) {
    case 0:
      return rng.pick(HOSTILE_STRINGS);
    case 1:
      return rng.pick(HOSTILE_NUMBERS);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return depth > 2
        ? []
        : Array.from({ length: rng.int(0, 4) }, () => hostileValue(rng, depth + 1));
    case 5: {
      if (depth > 2) return {};
      const out: Record<string, unknown> = {};
      for (let i = rng.int(0, 3); i > 0; i--) {
        Object.defineProperty(out, rng.pick(HOSTILE_STRINGS).slice(0, 40), {
          value: hostileValue(rng, depth + 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return out;
    }
    case 6:
      return nested(rng.int(20, 2000));
    default:
      return { x: rng.pick(HOSTILE_NUMBERS), y: rng.pick(HOSTILE_NUMBERS) };
  }
}

/** `{"a":{"a":…}}` n levels deep. */
export function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

export function valueFor(schema: JsonSchema, rng: Rng, depth = 0): unknown {
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return valueFor(rng.pick(choices), rng, depth);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const min = typeof schema.minimum === "number" ? schema.minimum : -1000;
  const max = typeof schema.maximum === "number" ? schema.maximum : 2000;
  switch (schema.type) {
    case "string": {
      const length = rng.int(
        Number(schema.minLength ?? 0),
        Math.min(Number(schema.maxLength ?? 30), 30),
      );
      return rng.chance(0.3)
        ? rng.pick(["Edit", "Button", "File", 'MenuItem[name="File"]', "Document"])
        : Array.from({ length }, () => rng.pick([..."abcXYZ 09ü✓_-."])).join("");
    }
    case "integer":
      return rng.int(Math.max(min, -1000), Math.min(max, 2000));
    case "number":
      return Math.max(min, Math.min(max, (rng.next() - 0.3) * 2000));
    case "boolean":
      return rng.chance(0.5);
    case "array": {
      if (depth > 3) return [];
      const items = (schema.items ?? {}) as JsonSchema;
      return Array.from(
        { length: rng.int(0, Math.min(Number(schema.maxItems ?? 3), 3)) },
        () => valueFor(items, rng, depth + 1),
      );
    }
    case "object":
      return objectFor(schema, rng, depth);
    default:
      return hostileValue(rng, depth);
  }
}

function objectFor(schema: JsonSchema, rng: Rng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > 3) return out;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  for (const [key, field] of Object.entries(properties)) {
    if (required.has(key) || rng.chance(0.5)) out[key] = valueFor(field, rng, depth + 1);
  }
  return out;
}

/** One case: a plausible object, then with some chance a field swapped for a hostile value. */
export function argsFor(schema: JsonSchema, rng: Rng): Record<string, unknown> {
  const args = objectFor(schema, rng, 0);
  const keys = Object.keys((schema.properties ?? {}) as object);
  const mutations = rng.chance(0.3) ? 0 : rng.int(1, 3);
  for (let i = 0; i < mutations; i++) {
    if (keys.length > 0 && rng.chance(0.8)) args[rng.pick(keys)] = hostileValue(rng);
    else args[rng.pick(HOSTILE_STRINGS).slice(0, 30) || "k"] = hostileValue(rng);
  }
  for (const [key, cap] of Object.entries(SLEEP_FIELDS)) {
    if (typeof args[key] === "number") args[key] = Math.min(Math.abs(args[key] as number), cap);
  }
  return args;
}
