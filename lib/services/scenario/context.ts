// What scenarios need of the session: loading one into the platform (which
// forgets cached trees), the folders scenario and reference files are read
// from, and OCR for the predicates that read the screen.

import type { LoadedScenario } from "../../../adapters/types.ts";
import type { Config } from "../../formats/config/config.ts";
import type { OcrContext } from "../ocr/context.ts";

export type ScenarioContext = OcrContext & {
  readonly config: Pick<Config, "limits" | "scenarios" | "references" | "tracing">;
  /** The loaded scenario on a simulated desktop, else null. */
  scenario: LoadedScenario | null;
};
