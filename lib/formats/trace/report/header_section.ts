// The report's head: which trace, when it ran, whether it was stopped, how
// many steps and how long; then a table of contents linking every step.

import type { ParsedTrace } from "../parse.ts";
import { escapeHtml } from "./html_text.ts";
import { statusBadge } from "./step_section.ts";
import { formatDuration, traceTimeMs } from "./trace_time.ts";

export const NOT_STOPPED = "not stopped (the service ended before trace_stop)";

/** The footer's duration; without a footer, the span to the end of the last step, if known. */
function durationText(trace: ParsedTrace): string {
  if (trace.footer) return formatDuration(trace.footer.duration_ms);
  const last = trace.rows.at(-1);
  const start = traceTimeMs(trace.header.started_at);
  const lastAt = last ? traceTimeMs(last.ts) : null;
  if (!last || start === null || lastAt === null) return "unknown (not stopped)";
  return `at least ${
    formatDuration(lastAt + last.duration_ms - start)
  } (to the end of the last step)`;
}

export function headerSection(trace: ParsedTrace): string {
  const { header, footer, rows } = trace;
  const facts: Array<[string, string]> = [
    ["trace id", `<code>${escapeHtml(header.trace_id)}</code>`],
    ["label", header.label ? escapeHtml(header.label) : `<span class="note">none</span>`],
    ["started", escapeHtml(header.started_at)],
    [
      "stopped",
      footer ? escapeHtml(footer.stopped_at) : `<span class="note">${NOT_STOPPED}</span>`,
    ],
    ["steps", String(rows.length)],
    ["duration", escapeHtml(durationText(trace))],
  ];
  if (header.tool_version) facts.push(["recorded by", escapeHtml(header.tool_version)]);
  const items = facts.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join("");
  return `<header class="trace"><h1>Trace <code>${escapeHtml(header.trace_id)}</code>${
    header.label ? ` — ${escapeHtml(header.label)}` : ""
  }</h1><dl class="facts">${items}</dl></header>`;
}

export function tableOfContents(trace: ParsedTrace): string {
  if (trace.rows.length === 0) return `<nav class="toc"><p class="note">No steps.</p></nav>`;
  const items = trace.rows.map((row) =>
    `<li value="${row.trace_seq}"><a href="#step-${row.trace_seq}">${escapeHtml(row.tool)}</a> ${
      statusBadge(row)
    }</li>`
  );
  return `<nav class="toc"><h2>Steps</h2><ol>${items.join("")}</ol></nav>`;
}
