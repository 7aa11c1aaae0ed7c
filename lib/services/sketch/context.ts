// What sketching a window needs of the session: OCR (labels read off the
// screen) and the sketch settings.

import type { Config } from "../../formats/config/config.ts";
import type { OcrContext } from "../ocr/context.ts";

export type SketchContext = OcrContext & { readonly config: Pick<Config, "ascii_sketch"> };
