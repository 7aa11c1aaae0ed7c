// What vision-model descriptions need of the session: the sketch and OCR
// (grounding), the safety rails (redaction, budgets) and the VLM settings.

import type { Config } from "../../formats/config/config.ts";
import type { SafetyContext } from "../safety/context.ts";
import type { SketchContext } from "../sketch/context.ts";

export type VlmContext = SketchContext & SafetyContext & { readonly config: Pick<Config, "vlm"> };
