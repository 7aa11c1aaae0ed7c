// Query strings arrive as text; tools expect JSON types. This converts each
// parameter by the type its tool's schema declares, leaving anything that
// does not convert as text so the schema rejects it with a clear message.

import type { z } from "zod";
import { own } from "../lib/model/own.ts";

type Kind = "number" | "boolean" | "array" | "other";

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function kindOf(schema: z.ZodType): Kind {
  let def = defOf(schema);
  while (def.innerType || (def.type === "pipe" && def.in)) {
    def = defOf((def.innerType ?? def.in)!);
  }
  if (def.type === "number" || def.type === "int") return "number";
  if (def.type === "boolean") return "boolean";
  if (def.type === "array") return "array";
  return "other";
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.shape) return def.shape;
  if (def.in) return shapeOf(def.in);
  return {};
}

export const TRUE_WORDS = new Set(["1", "true", "yes"]);

export function coerceQuery(
  schema: z.ZodType,
  query: Record<string, string>,
): Record<string, unknown> {
  const shape = shapeOf(schema);
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(query)) {
    const field = own(shape, key);
    const kind = field ? kindOf(field) : "other";
    if (kind === "number") {
      out[key] = /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;
    } else if (kind === "boolean") {
      out[key] = TRUE_WORDS.has(text.trim().toLowerCase());
    } else if (kind === "array") {
      out[key] = text.split(",").map((s) => s.trim()).filter((s) => s !== "");
    } else {
      out[key] = text;
    }
  }
  return out;
}
