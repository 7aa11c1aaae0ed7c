// The whole report as one HTML string (pure): no scripts, no external
// references, images as data: URLs, and a Content-Security-Policy that
// forbids loading anything else, should untrusted text ever slip through.

import type { ParsedTrace } from "../parse.ts";
import { headerSection, tableOfContents } from "./header_section.ts";
import { escapeHtml } from "./html_text.ts";
import { REPORT_CSS } from "./report_style.ts";
import { stepSection } from "./step_section.ts";
import { traceTimeMs } from "./trace_time.ts";

const CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; " +
  "form-action 'none'";

/**
 * `screenshots` maps a row's screenshot ref (`screenshots/step-00003-full.png`)
 * to its PNG bytes; a ref without bytes is shown as "screenshot missing".
 */
export function renderHtmlReport(
  trace: ParsedTrace,
  screenshots: ReadonlyMap<string, Uint8Array>,
): string {
  const { header } = trace;
  const title = `Trace ${header.trace_id}${header.label ? ` — ${header.label}` : ""}`;
  const startMs = traceTimeMs(header.started_at);
  const steps = trace.rows.map((row) => stepSection(row, screenshots, startMs)).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${headerSection(trace)}
${tableOfContents(trace)}
<main>
${steps}
</main>
</body>
</html>
`;
}
