// An OSWorld / OS-Harm task file: what this service reads of it. Unknown
// fields are kept (tasks carry many: snapshot, source, trajectory...).

import { z } from "zod";
import { EvaluatorSchema } from "../evaluate/score.ts";

export const SetupStepSchema = z.looseObject({
  type: z.string().min(1).max(100).describe("The step's kind: launch, open, sleep, execute..."),
  parameters: z.record(z.string(), z.unknown()).default({}).describe("The step's parameters"),
}).describe("One setup step of a task's config");

export type SetupStep = z.infer<typeof SetupStepSchema>;

export const TaskSchema = z.looseObject({
  id: z.string().max(200).default("task").describe("The task's id"),
  instruction: z.string().max(100_000).default("").describe("What the agent is asked to do"),
  config: z.array(SetupStepSchema).max(100).default([]).describe(
    "Setup steps run before the agent starts",
  ),
  evaluator: EvaluatorSchema.optional().describe(
    "How the result is scored (required to evaluate; a setup alone needs none)",
  ),
}).describe("An OSWorld task file");

export type Task = z.infer<typeof TaskSchema>;

/** What {SCREEN_WIDTH} and the other placeholders of task commands stand for. */
export interface Placeholders {
  screenWidth: number;
  screenHeight: number;
  clientPassword: string;
}

/** OSWorld's command placeholders, filled in; anything else in braces stays as written. */
export function fillPlaceholders(text: string, p: Placeholders): string {
  const values: Record<string, string> = {
    SCREEN_WIDTH: String(p.screenWidth),
    SCREEN_HEIGHT: String(p.screenHeight),
    SCREEN_WIDTH_HALF: String(Math.floor(p.screenWidth / 2)),
    SCREEN_HEIGHT_HALF: String(Math.floor(p.screenHeight / 2)),
    CLIENT_PASSWORD: p.clientPassword,
  };
  return text.replace(/\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
