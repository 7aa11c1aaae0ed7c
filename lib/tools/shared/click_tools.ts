// The click tool families: click, right-click and double-click, at a point
// (click_at...) and on an element (click_element...). The right and double
// variants are the plain click with one argument fixed; each family supplies
// only its schema, what each variant fixes and its run().

import type { z } from "zod";
import {
  ACTS,
  defineTool,
  type Tool,
  type ToolContext,
  type ToolResult,
} from "../../runtime/registry.ts";

export type ClickVariant = "click" | "right" | "double";

export interface ClickFamily<S extends z.ZodObject> {
  input: S;
  /** The result every variant answers (the variants differ only in their arguments). */
  output: z.ZodObject;
  /** The parsed arguments the right and double variants override, whatever the caller sent. */
  fixed: Record<Exclude<ClickVariant, "click">, Partial<z.output<S>>>;
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

export type ClickToolTexts = Record<ClickVariant, { name: string; description: string }>;

/** The schema of a variant: a fixed field stays (callers may send it) but says it is ignored. */
function variantInput<S extends z.ZodObject>(input: S, name: string, fixed: object): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, value] of Object.entries(fixed)) {
    shape[key] = (input.shape[key] as z.ZodType).describe(
      `Ignored: ${name} always uses ${JSON.stringify(value)}.`,
    );
  }
  return input.extend(shape);
}

export function clickTools<S extends z.ZodObject>(
  family: ClickFamily<S>,
  texts: ClickToolTexts,
): Record<ClickVariant, Tool> {
  const make = (variant: ClickVariant): Tool => {
    const { name, description } = texts[variant];
    const fixed = variant === "click" ? {} : family.fixed[variant];
    return defineTool({
      name,
      description,
      kind: "input",
      input: variant === "click" ? family.input : variantInput(family.input, name, fixed),
      output: family.output,
      annotations: ACTS,
      run: (args, ctx) => family.run({ ...args, ...fixed } as z.output<S>, ctx),
    });
  };
  return { click: make("click"), right: make("right"), double: make("double") };
}
