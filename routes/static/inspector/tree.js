// @ts-check
/// <reference lib="dom" />
// The tree pane: one row per element, hover outlines it on the screenshot,
// click (or Enter) selects it; arrow keys move between rows.

import { el } from "./api.js";

/** @typedef {import("./geometry.js").Node} Node */

/**
 * @param {HTMLElement} list
 * @param {Node} root
 * @param {{ hover: (id: string | null) => void, select: (id: string) => void }} on
 */
export function renderTree(list, root, on) {
  /** @param {Node} node @returns {HTMLElement} */
  const row = (node) => {
    const label = el("span", {
      class: "label",
      "data-id": node.id,
      role: "treeitem",
      tabindex: "-1",
      "aria-selected": "false",
    }, [
      el("span", { class: "role" }, [node.role]),
      " ",
      node.name ? JSON.stringify(node.name) : "",
    ]);
    label.addEventListener("mouseenter", () => on.hover(node.id));
    label.addEventListener("mouseleave", () => on.hover(null));
    label.addEventListener("click", () => on.select(node.id));
    const item = el("li", {}, [label]);
    if (node.children.length > 0) {
      item.append(el("ul", { role: "group" }, node.children.map(row)));
    }
    return item;
  };
  list.replaceChildren(row(root));
  const first = list.querySelector(".label");
  if (first) first.setAttribute("tabindex", "0");
  list.onkeydown = (event) => {
    const labels = [...list.querySelectorAll(".label")];
    const at = labels.indexOf(/** @type {Element} */ (document.activeElement));
    if (at < 0) return;
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) {
      event.preventDefault();
      const next = /** @type {HTMLElement | undefined} */ (labels[at + move]);
      if (next) {
        labels[at].setAttribute("tabindex", "-1");
        next.setAttribute("tabindex", "0");
        next.focus();
        on.hover(next.dataset.id ?? null);
      }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      on.select(/** @type {HTMLElement} */ (labels[at]).dataset.id ?? "");
    }
  };
}

/**
 * Marks rows: the hovered one, the selected one, the selector's matches.
 * @param {HTMLElement} list
 * @param {{ hovered: string | null, selected: string | null, matches: Set<string> }} marks
 */
export function markTree(list, marks) {
  for (const label of list.querySelectorAll(".label")) {
    const id = /** @type {HTMLElement} */ (label).dataset.id ?? "";
    label.classList.toggle("hovered", id === marks.hovered);
    label.classList.toggle("match", marks.matches.has(id));
    label.setAttribute("aria-selected", String(id === marks.selected));
  }
}

/**
 * Scrolls the tree to a row.
 * @param {HTMLElement} list
 * @param {string} id
 */
export function revealRow(list, id) {
  const label = list.querySelector(`.label[data-id="${CSS.escape(id)}"]`);
  label?.scrollIntoView({ block: "nearest" });
}
