// @ts-check
/// <reference lib="dom" />
// The screenshot pane: the full-screen image under a layer of boxes (the
// hovered element, the selected one, the selector's matches), zoomed with
// the wheel or + / −, panned by dragging or with the arrow keys.

import { fitView, screenPoint, zoomAround } from "./geometry.js";

/** @typedef {import("./geometry.js").Bounds} Bounds */
/** @typedef {import("./geometry.js").View} View */

/**
 * @param {{ wrap: HTMLElement, screen: HTMLElement, image: HTMLImageElement, overlay: HTMLElement, zoomLabel: HTMLElement }} parts
 * @param {{ hover: (p: { x: number, y: number } | null) => void, pick: (p: { x: number, y: number }) => void }} on
 */
export function createScreen(parts, on) {
  /** @type {View} */
  let view = { scale: 1, x: 0, y: 0 };

  const apply = () => {
    parts.screen.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    parts.overlay.style.setProperty("--border", `${Math.max(1, 2 / view.scale)}px`);
    parts.zoomLabel.textContent = `${Math.round(view.scale * 100)} %`;
  };
  const pane = () => ({ width: parts.wrap.clientWidth, height: parts.wrap.clientHeight });
  /** @param {MouseEvent} e */
  const local = (e) => {
    const r = parts.wrap.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  parts.wrap.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = local(e);
    view = zoomAround(view, e.deltaY < 0 ? 1.25 : 0.8, p.x, p.y);
    apply();
  }, { passive: false });

  /** @type {{ x: number, y: number, moved: boolean } | null} */
  let drag = null;
  parts.wrap.addEventListener("mousedown", (e) => {
    drag = { ...local(e), moved: false };
  });
  parts.wrap.addEventListener("mousemove", (e) => {
    const p = local(e);
    if (drag && (e.buttons & 1)) {
      const dx = p.x - drag.x;
      const dy = p.y - drag.y;
      if (drag.moved || Math.abs(dx) + Math.abs(dy) > 4) {
        drag.moved = true;
        view = { ...view, x: view.x + dx, y: view.y + dy };
        drag.x = p.x;
        drag.y = p.y;
        apply();
        return;
      }
    }
    on.hover(screenPoint(view, p.x, p.y));
  });
  parts.wrap.addEventListener("mouseleave", () => on.hover(null));
  parts.wrap.addEventListener("mouseup", (e) => {
    const dragged = drag?.moved ?? false;
    drag = null;
    if (!dragged && e.button === 0) {
      const p = local(e);
      on.pick(screenPoint(view, p.x, p.y));
    }
  });
  parts.wrap.addEventListener("keydown", (e) => {
    const step = 60;
    const pan = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    }[e.key];
    if (pan) {
      view = { ...view, x: view.x + pan[0], y: view.y + pan[1] };
    } else if (e.key === "+" || e.key === "=") {
      view = zoomAround(view, 1.25, pane().width / 2, pane().height / 2);
    } else if (e.key === "-") {
      view = zoomAround(view, 0.8, pane().width / 2, pane().height / 2);
    } else {
      return;
    }
    e.preventDefault();
    apply();
  });

  /** @param {Bounds | null} bounds @param {string} kind */
  const box = (bounds, kind) => {
    if (!bounds || bounds.width <= 0 || bounds.height <= 0) return null;
    const node = document.createElement("div");
    node.className = `box ${kind}`;
    Object.assign(node.style, {
      left: `${bounds.x}px`,
      top: `${bounds.y}px`,
      width: `${bounds.width}px`,
      height: `${bounds.height}px`,
      borderWidth: "var(--border)",
    });
    return node;
  };

  return {
    /** @param {string} src */
    setImage(src) {
      return new Promise((resolve) => {
        parts.image.onload = () => resolve(true);
        parts.image.onerror = () => resolve(false);
        parts.image.src = src;
      });
    },
    /** Shows `area` (screen pixels) whole. @param {Bounds} area */
    fit(area) {
      view = fitView(area, pane());
      apply();
    },
    /** @param {number} factor */
    zoom(factor) {
      view = zoomAround(view, factor, pane().width / 2, pane().height / 2);
      apply();
    },
    /** @param {{ hovered: Bounds | null, selected: Bounds | null, matches: Bounds[] }} boxes */
    setBoxes(boxes) {
      const nodes = [
        ...boxes.matches.map((b) => box(b, "match")),
        box(boxes.selected, "selected"),
        box(boxes.hovered, "hovered"),
      ].filter((n) => n !== null);
      parts.overlay.replaceChildren(.../** @type {HTMLElement[]} */ (nodes));
    },
  };
}
