// @ts-check
/// <reference lib="dom" />
// The Traces tab: recorded traces (list_traces), then one trace's steps
// (get_trace) with their arguments, result summary, tree hashes and
// screenshots. Everything shown is text content: traces hold screen text.

import { el, errorText, tool } from "./api.js";

/**
 * @param {{ list: HTMLElement, steps: HTMLElement }} parts
 */
export function createTracesPanel(parts) {
  /** @param {string} id */
  const open = async (id) => {
    for (const b of parts.list.querySelectorAll("button")) {
      b.setAttribute("aria-current", String(/** @type {HTMLElement} */ (b).dataset.trace === id));
    }
    const answer = await tool("get_trace", { trace_id: id });
    if (!answer.ok) {
      parts.steps.replaceChildren(el("p", { class: "error" }, [errorText(answer)]));
      return;
    }
    const t = answer.body;
    parts.steps.replaceChildren(
      el("h2", {}, [
        `${t.label ?? t.trace_id} — ${t.step_count} steps${t.stopped ? "" : " (still recording)"}`,
      ]),
      ...t.steps.map((/** @type {Record<string, any>} */ step) => {
        const shots = [step.screenshots?.window, step.screenshots?.full].filter(Boolean);
        return el("section", {
          class: "trace-step",
          "data-tool": step.tool,
          id: `trace-step-${step.trace_seq}`,
        }, [
          el("h3", {}, [
            `${step.trace_seq}. ${step.tool}`,
            el("span", { class: "role" }, [
              ` ${step.ts} · ${step.caller} · ${step.duration_ms} ms`,
            ]),
          ]),
          el("dl", {}, [
            el("dt", {}, ["arguments"]),
            el("dd", {}, [JSON.stringify(step.args)]),
            el("dt", {}, ["result"]),
            el("dd", {}, [JSON.stringify(step.result_summary)]),
            el("dt", {}, ["tree"]),
            el("dd", {}, [`${step.tree_hash_before} → ${step.tree_hash_after}`]),
            ...(step.window
              ? [el("dt", {}, ["window"]), el("dd", {}, [String(step.window.title ?? "")])]
              : []),
          ]),
          ...shots.map((src) => el("img", { src, alt: `step ${step.trace_seq} screenshot` })),
        ]);
      }),
    );
  };

  return {
    async load() {
      const answer = await tool("list_traces", {});
      if (!answer.ok) {
        parts.list.replaceChildren(el("li", { class: "error" }, [errorText(answer)]));
        return;
      }
      const traces = answer.body.traces ?? [];
      if (traces.length === 0) {
        parts.list.replaceChildren(
          el("li", { class: "hint" }, ["No traces yet (trace_start records one)."]),
        );
        return;
      }
      parts.list.replaceChildren(...traces.map((/** @type {Record<string, any>} */ t) => {
        const button = el("button", { type: "button", "data-trace": t.trace_id }, [
          `${t.label ?? t.trace_id}${
            t.problem ? ` — ${t.problem}` : ` (${t.step_count ?? "?"} steps)`
          }`,
        ]);
        button.addEventListener("click", () => open(t.trace_id));
        return el("li", {}, [button]);
      }));
    },
    open,
  };
}
