// One step of the report: what was called, by whom and when, with which
// arguments, what it answered, whether the window's tree changed, and the
// screenshots taken after it. Every value from the trace is escaped.

import type { TraceRow } from "../format.ts";
import { escapeHtml, jsonHtml } from "./html_text.ts";
import { type ResultFacts, resultFacts } from "./result_facts.ts";
import { type Marks, type Screenshot, screenshotFigure } from "./screenshot_figure.ts";
import { formatDuration, traceTimeMs } from "./trace_time.ts";

/** The ok/error badge, also used by the table of contents. */
export function statusBadge(row: TraceRow): string {
  const facts = resultFacts(row.result_summary);
  if (facts.errorCode !== null) {
    return `<span class="badge error">error ${escapeHtml(facts.errorCode)}</span>`;
  }
  if (facts.ok === true) return `<span class="badge ok">ok</span>`;
  if (facts.ok === false) return `<span class="badge error">not ok</span>`;
  return "";
}

function fact(name: string, valueHtml: string): string {
  return `<dt>${name}</dt><dd>${valueHtml}</dd>`;
}

function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

function yesNo(value: boolean): string {
  return value ? `<span class="changed">yes</span>` : `<span class="unchanged">no</span>`;
}

function timeHtml(ts: string, startMs: number | null): string {
  const at = traceTimeMs(ts);
  const offset = at !== null && startMs !== null ? ` (+${formatDuration(at - startMs)})` : "";
  return `${escapeHtml(ts)}${offset}`;
}

function treeHashHtml(before: string, after: string): string {
  const shown = (hash: string) => (hash === "" ? `<span class="note">none</span>` : code(hash));
  const verdict = before === after
    ? `<span class="unchanged">unchanged</span>`
    : `<span class="changed">changed</span>`;
  return `${shown(before)} → ${shown(after)} ${verdict}`;
}

/**
 * A coordinate verb's point (click_at, hover_at, scroll with x and y) on the
 * screen: the receipt's screen point, else (older traces) its x and y.
 */
function pointOf(row: TraceRow, facts: ResultFacts): Marks["point"] {
  if (facts.screenPoint) return facts.screenPoint;
  const { x, y } = row.args;
  return typeof x === "number" && typeof y === "number" ? { x, y } : undefined;
}

function factsHtml(row: TraceRow, startMs: number | null): string {
  const facts = resultFacts(row.result_summary);
  const parts = [
    fact("step id", escapeHtml(String(row.step_id))),
    fact("time", timeHtml(row.ts, startMs)),
    fact("caller", escapeHtml(row.caller)),
    fact("duration", formatDuration(row.duration_ms)),
  ];
  if (row.window) {
    const w = row.window;
    parts.push(
      fact("window", `${escapeHtml(w.title)} — ${escapeHtml(w.process)} (${code(w.window_uid)})`),
    );
  }
  const status = statusBadge(row);
  if (status !== "") parts.push(fact("result", status));
  if (facts.changed !== null) parts.push(fact("changed", yesNo(facts.changed)));
  if (facts.selector !== null) parts.push(fact("target", code(facts.selector)));
  if (facts.newDialogs.length > 0) {
    const titles = facts.newDialogs.map((t) =>
      t === null ? `<span class="note">untitled</span>` : code(t)
    );
    parts.push(fact("new dialogs", titles.join(", ")));
  }
  parts.push(fact("tree hash", treeHashHtml(row.tree_hash_before, row.tree_hash_after)));
  if (row.scenario) {
    const s = row.scenario;
    parts.push(
      fact(
        "scenario",
        `state ${code(s.state)}, success ${escapeHtml(String(s.success))}, failure ${
          escapeHtml(String(s.failure))
        }`,
      ),
    );
  }
  return `<dl class="facts">${parts.join("")}</dl>`;
}

function screenshotsHtml(row: TraceRow, screenshots: ReadonlyMap<string, Uint8Array>): string {
  const facts = resultFacts(row.result_summary);
  const marks: Marks = {
    ...(facts.bounds ? { bounds: facts.bounds } : {}),
    ...(pointOf(row, facts) ? { point: pointOf(row, facts) } : {}),
  };
  const shots: Screenshot[] = [];
  if (row.screenshot_full_ref) {
    const ref = row.screenshot_full_ref;
    shots.push({ kind: "full", ref, bytes: screenshots.get(ref), marks });
  }
  if (row.screenshot_window_ref) {
    const ref = row.screenshot_window_ref;
    shots.push({ kind: "window", ref, bytes: screenshots.get(ref) });
  }
  if (shots.length === 0) return "";
  return `<div class="shots">${
    shots.map((s) => screenshotFigure(s, row.trace_seq)).join("")
  }</div>`;
}

export function stepSection(
  row: TraceRow,
  screenshots: ReadonlyMap<string, Uint8Array>,
  startMs: number | null,
): string {
  const seq = row.trace_seq;
  const facts = resultFacts(row.result_summary);
  const ok = facts.ok === null ? "unknown" : String(facts.ok);
  return `<section class="step" id="step-${seq}" data-seq="${seq}" data-tool="${
    escapeHtml(row.tool)
  }" data-ok="${ok}">` +
    `<h2><a href="#step-${seq}">#${seq}</a> <code class="tool">${escapeHtml(row.tool)}</code> ${
      statusBadge(row)
    }</h2>` +
    factsHtml(row, startMs) +
    `<div class="cols"><div><h3>Arguments</h3><pre class="args">${jsonHtml(row.args)}</pre></div>` +
    `<div><h3>Result summary</h3><pre class="result">${
      jsonHtml(row.result_summary)
    }</pre></div></div>` +
    screenshotsHtml(row, screenshots) +
    `</section>`;
}
