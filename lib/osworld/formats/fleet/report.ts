// The HTML report of a suite's summary: one page, no scripts, every text
// escaped (task ids and messages come from files on a shared volume).

import { CAUSES } from "./attempts.ts";
import { escapeHtml } from "../../../formats/trace/report/html_text.ts";
import type { RunSummary, TaskSummary } from "./summary.ts";

function cell(value: string | number | null): string {
  return `<td>${value === null ? "—" : escapeHtml(String(value))}</td>`;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}

function taskRow(task: TaskSummary): string {
  const failures = task.failures.map((c) => escapeHtml(CAUSES[c])).join("<br>");
  const problems = task.problems.map(escapeHtml).join("<br>");
  return `<tr class="${task.status.replace(" ", "-")}">${cell(task.domain)}${cell(task.id)}${
    cell(task.status)
  }${cell(task.score)}${cell(task.steps)}${cell(task.seconds)}${cell(task.attempts)}<td>${
    [failures, problems].filter((t) => t !== "").join("<br>")
  }</td></tr>`;
}

function runSection(run: RunSummary): string {
  const t = run.totals;
  const causes = Object.entries(run.failuresByCause).map(([cause, n]) =>
    `<tr>${cell(CAUSES[cause as keyof typeof CAUSES])}${cell(n)}</tr>`
  ).join("");
  const domains = run.domains.map((d) =>
    `<tr>${cell(d.domain)}${cell(d.tasks)}${cell(d.score)}${cell(percent(d.rate))}</tr>`
  ).join("");
  return `<section>
<h2>${escapeHtml(run.model)} · ${escapeHtml(run.actionSpace)} · ${escapeHtml(run.observation)}</h2>
<p>${t.tasks} tasks: ${t.scored} scored, ${t.unsupported} unsupported, ${t.failed} failed, ${t.notRun} not run.
Score ${t.score} of ${t.tasks} (${
    percent(t.rate)
  }). ${t.attempts} attempts, ${t.podSeconds} s of pod time${
    t.meanSeconds === null ? "" : `, ${t.meanSeconds} s per scored task`
  }.</p>
<h3>Domains</h3>
<table><tr><th>domain</th><th>tasks</th><th>score</th><th>success rate</th></tr>${domains}</table>
<h3>Failed attempts by cause</h3>
${
    causes === ""
      ? "<p>None.</p>"
      : `<table><tr><th>cause</th><th>attempts</th></tr>${causes}</table>`
  }
<h3>Tasks</h3>
<table><tr><th>domain</th><th>task</th><th>status</th><th>score</th><th>steps</th><th>seconds</th><th>attempts</th><th>failed attempts</th></tr>
${run.tasks.map(taskRow).join("\n")}
</table>
</section>`;
}

export function reportHtml(runs: RunSummary[], title: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; margin-bottom: 1em; }
td, th { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
tr.failed td, tr.not-run td { background: #fdd; }
tr.unsupported td { background: #ffd; }
</style></head><body>
<h1>${escapeHtml(title)}</h1>
${runs.length === 0 ? "<p>No results found.</p>" : runs.map(runSection).join("\n")}
</body></html>
`;
}
