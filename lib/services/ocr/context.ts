// What OCR of windows needs of the session: what observing needs, and the engine.

import type { ObserveContext } from "../observe/context.ts";
import type { OcrEngine } from "./engine.ts";

export type OcrContext = ObserveContext & { readonly ocr: OcrEngine };
