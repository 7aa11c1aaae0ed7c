// @ts-check
/// <reference lib="dom" />
// The Act tab: any tool of the registry from a form built from its own
// schema. A tool that acts on the desktop asks first; a ConfirmationRequired
// refusal offers propose_action's token and its summary; the answer shows the
// receipt, the screen-text warnings and the changes the window went through.

import { busyWhile, el, errorText, tool, warningLine } from "./api.js";
import { argsFrom, fieldsOf } from "./forms.js";

/** @typedef {import("./forms.js").Field} Field */
/** @typedef {{ name: string, description: string, kind: string, annotations: Record<string, unknown>, input_schema: Record<string, any> }} ToolInfo */

/**
 * @param {Field} field
 * @param {string | null} windowUid
 */
function input(field, windowUid) {
  const id = `arg-${field.name}`;
  /** @type {HTMLElement} */
  let control;
  if (field.kind === "boolean" || field.kind === "choice") {
    const options = field.kind === "boolean" ? ["true", "false"] : field.options;
    control = el("select", { id, name: field.name }, [
      el("option", { value: "" }, [
        field.default === undefined ? "(not set)" : `(default: ${field.default})`,
      ]),
      ...options.map((o) => el("option", { value: o }, [o])),
    ]);
  } else if (field.kind === "json") {
    control = el("textarea", {
      id,
      name: field.name,
      rows: "2",
      spellcheck: "false",
      placeholder: "JSON",
    });
  } else {
    control = el("input", {
      id,
      name: field.name,
      type: field.kind === "text" ? "text" : "number",
      spellcheck: "false",
      ...(field.default !== undefined ? { placeholder: `default: ${field.default}` } : {}),
    });
    if (field.name === "window_uid" && windowUid) {
      /** @type {HTMLInputElement} */ (control).value = windowUid;
    }
  }
  return el("div", { class: "field" }, [
    el("label", { for: id }, [field.name + (field.required ? " (required)" : "")]),
    control,
    el("div", { class: "field-help" }, [field.description]),
  ]);
}

/**
 * @param {{ select: HTMLSelectElement, description: HTMLElement, form: HTMLFormElement, confirm: HTMLElement, confirmText: HTMLElement, confirmYes: HTMLButtonElement, confirmNo: HTMLButtonElement, summary: HTMLElement, diff: HTMLElement, result: HTMLElement }} parts
 * @param {{ windowUid: () => string | null, beforeAction: () => Promise<void>, afterAction: () => Promise<{ kind: string, text: string }[] | null>, holdingLive: (action: () => Promise<void>) => Promise<void>, budget: () => void }} ctx
 */
export async function createActPanel(parts, ctx) {
  const answer = await fetch("/api/tools?detail=1").then((r) => r.json());
  /** @type {ToolInfo[]} */
  const tools = answer.detail ?? [];
  const groups = [["input", "Act on the desktop"], ["perception", "Read the screen"], [
    "other",
    "The service",
  ]];
  parts.select.replaceChildren(
    ...groups.map(([kind, label]) =>
      el(
        "optgroup",
        { label },
        tools.filter((t) => t.kind === kind).map((t) => el("option", { value: t.name }, [t.name])),
      )
    ),
  );
  /** @type {Field[]} */
  let fields = [];
  const current = () => tools.find((t) => t.name === parts.select.value);

  const renderForm = () => {
    const info = current();
    if (!info) return;
    parts.description.textContent = info.description;
    fields = fieldsOf(info.input_schema);
    parts.form.replaceChildren(
      el("button", { type: "submit", id: "run" }, [
        info.kind === "input" ? `Run ${info.name}…` : `Run ${info.name}`,
      ]),
      ...fields.map((f) => input(f, ctx.windowUid())),
    );
    parts.confirm.hidden = true;
  };
  parts.select.addEventListener("change", renderForm);

  /** @param {string} text @param {string} [kind] */
  const say = (text, kind = "") => {
    parts.summary.replaceChildren(el("p", { class: kind }, [text]));
  };

  /** @param {Record<string, any>} body */
  const showWarnings = (body) => {
    for (const w of body.injection_warnings ?? []) {
      parts.summary.append(el("div", { class: "warning" }, [warningLine(w)]));
    }
  };

  /** @param {ToolInfo} info @param {Record<string, unknown>} args */
  const runTool = async (info, args) => {
    parts.confirm.hidden = true;
    if (info.kind === "input") await ctx.beforeAction();
    say(`running ${info.name}…`);
    const started = performance.now();
    const result = await tool(info.name, args);
    const ms = Math.round(performance.now() - started);
    parts.result.textContent = JSON.stringify(result.body, null, 2);
    parts.diff.replaceChildren();
    if (!result.ok) {
      say(`${info.name} refused (${result.status}) — ${errorText(result)}`, "error");
      const code = result.body.error?.code;
      if (code === "ConfirmationRequired") {
        const ask = el("button", { type: "button", id: "propose" }, [
          "Get a confirm token (propose_action)",
        ]);
        ask.addEventListener("click", async () => {
          const proposal = await tool("propose_action", { action: info.name, args });
          if (!proposal.ok) return say(`propose_action refused — ${errorText(proposal)}`, "error");
          const token = proposal.body.confirm_token;
          parts.confirmText.textContent =
            `${proposal.body.summary} — confirm token ${token}, valid ${proposal.body.ttl_s} s.`;
          parts.confirm.hidden = false;
          parts.confirmYes.onclick = () => run(info, { ...args, confirm_token: token });
        });
        parts.summary.append(ask);
      }
      ctx.budget();
      return;
    }
    const b = result.body;
    const receipt = "changed" in b
      ? ` — changed: ${b.changed}, new dialogs: ${(b.new_dialogs ?? []).length}, tree ${
        b.before?.tree_hash ?? "?"
      } → ${b.after?.tree_hash ?? "?"}`
      : "";
    say(`${info.name} ok in ${ms} ms${receipt}`, "ok");
    showWarnings(b);
    if (info.kind === "input") {
      const changes = await ctx.afterAction();
      parts.diff.replaceChildren(
        el("h3", {}, ["Changes in the window"]),
        ...(changes === null
          ? [el("p", { class: "hint" }, ["(no window selected)"])]
          : changes.length === 0
          ? [el("p", { class: "hint" }, ["none"])]
          : changes.map((c) => el("div", { class: `change ${c.kind}` }, [c.text]))),
      );
    }
    ctx.budget();
  };

  /** The summary is busy until the answer and the window's changes are shown. @param {ToolInfo} info @param {Record<string, unknown>} args */
  const run = (info, args) =>
    busyWhile(
      parts.summary,
      () =>
        info.kind === "input" ? ctx.holdingLive(() => runTool(info, args)) : runTool(info, args),
    );

  parts.form.addEventListener("submit", (e) => {
    e.preventDefault();
    const info = current();
    if (!info) return;
    /** @type {Record<string, string>} */
    const raw = {};
    for (const [k, v] of new FormData(parts.form).entries()) raw[k] = String(v);
    const parsed = argsFrom(fields, raw);
    if (!parsed.ok) return say(`${parsed.field}: ${parsed.message}`, "error");
    if (info.kind !== "input") return run(info, parsed.args);
    parts.confirmText.textContent = `${info.name} acts on the desktop with ${
      JSON.stringify(parsed.args)
    }. Run it?`;
    parts.confirm.hidden = false;
    parts.confirmYes.onclick = () => run(info, parsed.args);
    parts.confirmYes.focus();
  });
  parts.confirmNo.addEventListener("click", () => {
    parts.confirm.hidden = true;
    say("cancelled");
  });

  return {
    /** Selects a tool and fills fields (from the Inspect tab's element). @param {string} name @param {Record<string, string>} values */
    prefill(name, values) {
      parts.select.value = name;
      renderForm();
      for (const [k, v] of Object.entries(values)) {
        const control = /** @type {HTMLInputElement | null} */ (parts.form.querySelector(
          `[name="${CSS.escape(k)}"]`,
        ));
        if (control) control.value = v;
      }
    },
    refreshWindow() {
      const control =
        /** @type {HTMLInputElement | null} */ (parts.form.querySelector('[name="window_uid"]'));
      if (control) control.value = ctx.windowUid() ?? "";
    },
    renderForm,
  };
}
