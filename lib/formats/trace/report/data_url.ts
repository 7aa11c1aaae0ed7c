// Images go into the report as data: URLs, so the file opens offline and
// loads nothing from anywhere.

import { toBase64 } from "../../../model/base64.ts";

export function pngDataUrl(bytes: Uint8Array): string {
  return `data:image/png;base64,${toBase64(bytes)}`;
}
