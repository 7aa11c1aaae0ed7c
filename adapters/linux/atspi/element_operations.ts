// Element operations through AT-SPI interfaces: Action (default action),
// EditableText or Value (set_value), Component (focus, scroll into view) and
// Selection (select).
// An element without the interface answers `unsupported`, and the service
// falls back to clicking or typing at its coordinates.

import type { ActionOutcome, ElementOperation } from "../../types.ts";
import type { Accessible, AtspiConnection } from "./connection.ts";
import { stateRecord } from "./states.ts";
import type { AtspiBatch } from "./batch.ts";
import { targetsAlong } from "./element_path.ts";

/** Action names that mean "do what a click would do", most specific first. */
const DEFAULT_ACTION_NAMES = ["click", "press", "activate", "toggle", "jump", "open", "select"];
/** Roles whose Selection lives on an inner menu or list: options are its children. */
const OPTION_CONTAINERS = new Set(["menu", "list", "list box", "popup menu"]);

function unsupported(what: string): ActionOutcome {
  return { ok: false, unsupported: true, error: `the element has no ${what}` };
}

/**
 * The element a positional id names (followed over the bus as captures number
 * children, element_path.ts): an owned reference, or null.
 */
function resolve(
  session: AtspiConnection,
  batch: AtspiBatch,
  frame: Accessible,
  elementId: string,
): Accessible | null {
  const chain = targetsAlong(batch, frame, elementId);
  const target = chain?.[chain.length - 1];
  return target ? session.accessibleAt(target.bus, target.path) : null;
}

function defaultAction(session: AtspiConnection, element: Accessible): ActionOutcome {
  const count = session.actionCount(element);
  if (count <= 0) return unsupported("action");
  const names = Array.from({ length: count }, (_, i) => session.actionName(element, i));
  const preferred = DEFAULT_ACTION_NAMES.map((n) => names.indexOf(n)).find((i) => i >= 0) ?? 0;
  const ok = session.doAction(element, preferred);
  return ok
    ? { ok: true, note: `AT-SPI action '${names[preferred]}'` }
    : { ok: false, error: `the AT-SPI action '${names[preferred]}' failed` };
}

function setValue(session: AtspiConnection, element: Accessible, value: string): ActionOutcome {
  const interfaces = session.interfaces(element);
  if (interfaces.editableText) {
    if (!session.setText(element, value)) {
      return { ok: false, error: "the application refused the new text" };
    }
    // Some toolkits answer yes and change nothing (Gecko's chrome fields, as in
    // Thunderbird's compose window): only the text read back says it worked.
    // A password field reads back as bullets.
    const shown = interfaces.text && session.roleName(session.role(element)) !== "password text"
      ? session.text(element)
      : value;
    return shown === value ? { ok: true, note: "AT-SPI EditableText" } : {
      ok: false,
      unsupported: true,
      error: `AT-SPI EditableText took the new text but the field reads ${JSON.stringify(shown)}`,
    };
  }
  if (interfaces.value) {
    const number = Number(value);
    if (value.trim() === "" || !Number.isFinite(number)) {
      return { ok: false, error: `'${value}' is not a number for this range control` };
    }
    return session.setValue(element, number)
      ? { ok: true, note: "AT-SPI Value" }
      : { ok: false, error: "the application refused the new value" };
  }
  return unsupported("editable text or value");
}

function focus(session: AtspiConnection, element: Accessible): ActionOutcome {
  if (!session.interfaces(element).component) return unsupported("component");
  return session.grabFocus(element)
    ? { ok: true, note: "AT-SPI Component.grab_focus" }
    : { ok: false, error: "the application refused focus" };
}

/**
 * Component.ScrollTo; GTK 3 answers it with false and moves nothing, but
 * scrolls a widget that takes the focus into view, so focusable elements are
 * focused instead.
 */
function scrollIntoView(session: AtspiConnection, element: Accessible): ActionOutcome {
  if (!session.interfaces(element).component) return unsupported("component");
  if (session.scrollTo(element)) return { ok: true, note: "AT-SPI Component.ScrollTo" };
  if (stateRecord(session.states(element)).focusable && session.grabFocus(element)) {
    return { ok: true, note: "AT-SPI Component.grab_focus (the toolkit scrolls to the focus)" };
  }
  return { ok: false, unsupported: true, error: "the application does not scroll it into view" };
}

/** The names of a selection's options: its children, or those of its inner menu or list. */
function optionNames(session: AtspiConnection, element: Accessible): string[] {
  const names = (parent: Accessible) =>
    Array.from({ length: Math.max(0, session.childCount(parent)) }, (_, i) => {
      const child = session.child(parent, i);
      if (child === null) return "";
      try {
        return session.name(child);
      } finally {
        session.unref(child);
      }
    });
  const count = session.childCount(element);
  for (let i = 0; i < count; i++) {
    const child = session.child(element, i);
    if (child === null) continue;
    try {
      if (OPTION_CONTAINERS.has(session.roleName(session.role(child)))) return names(child);
    } finally {
      session.unref(child);
    }
  }
  return names(element);
}

function select(
  session: AtspiConnection,
  element: Accessible,
  op: Extract<ElementOperation, { kind: "select" }>,
): ActionOutcome {
  if (!session.interfaces(element).selection) return unsupported("selection");
  const options = optionNames(session, element);
  const index = op.optionName !== undefined ? options.indexOf(op.optionName) : op.optionIndex ?? -1;
  if (index < 0 || index >= options.length) {
    return {
      ok: false,
      code: "ElementNotFound",
      error: `no option ${op.optionName !== undefined ? `'${op.optionName}'` : `#${index}`}` +
        ` among ${JSON.stringify(options)}`,
    };
  }
  return session.selectChild(element, index)
    ? { ok: true, note: `AT-SPI Selection: '${options[index]}'` }
    : { ok: false, error: "the application refused the selection" };
}

export function performElementOperation(
  session: AtspiConnection,
  batch: AtspiBatch,
  frame: Accessible,
  elementId: string,
  op: ElementOperation,
): ActionOutcome {
  const element = resolve(session, batch, frame, elementId);
  if (element === null) {
    return { ok: false, code: "ElementNotFound", error: `element ${elementId} no longer exists` };
  }
  try {
    switch (op.kind) {
      case "default_action":
        return defaultAction(session, element);
      case "set_value":
        return setValue(session, element, op.value);
      case "focus":
        return focus(session, element);
      case "scroll_into_view":
        return scrollIntoView(session, element);
      case "select":
        return select(session, element, op);
    }
  } catch (e) {
    return { ok: false, error: `AT-SPI: ${(e as Error).message}` };
  } finally {
    session.unref(element);
  }
}
