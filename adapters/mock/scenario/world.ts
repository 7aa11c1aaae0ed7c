// The mock world of the current state: windows in YAML order (the first is
// focused and on top), trees with positional ids, values from the store
// over the YAML's, and secret values masked unless the engine itself asks
// to see them.

import { type Bounds, childId, type Element, type WindowInfo } from "../../../lib/model/tree.ts";
import { interpolate } from "../../../lib/formats/scenario/interpolate.ts";
import type { Scenario, ScenarioNode, ScenarioWindow } from "../../../lib/model/scenario.ts";
import { windowUid } from "../../../lib/formats/scenario/uid.ts";
import { masked, type ValueStore } from "../../../lib/formats/scenario/values.ts";

export interface BuiltNode {
  element: Element;
  def: ScenarioNode;
  parent: BuiltNode | null;
  children: BuiltNode[];
  /** The uid of the window the node belongs to. */
  uid: string;
}

export interface BuiltWindow {
  info: WindowInfo;
  root: BuiltNode;
  /** Every node, pre-order. */
  nodes: BuiltNode[];
}

/** The last node an action with a scenario id aimed at (spec: "last clicked target"). */
export interface Focus {
  uid: string;
  id: string;
}

export interface WorldInput {
  scenario: Scenario;
  state: string;
  store: ValueStore;
  focus: Focus | null;
  nonce: string;
  /** The engine sees secret values; everything shown to clients does not. */
  reveal: boolean;
}

/** Roles that take keyboard focus when clicked (others keep the focus flag off). */
const FOCUSABLE = new Set([
  "Edit",
  "Document",
  "ComboBox",
  "Button",
  "CheckBox",
  "RadioButton",
  "ListItem",
  "TabItem",
  "TreeItem",
  "MenuItem",
  "Link",
  "Slider",
  "SpinButton",
  "ToggleButton",
  "Switch",
]);

const PLACEHOLDER: ScenarioNode = {
  role: "Window",
  name: "(empty)",
  value: null,
  bounds: { x: 0, y: 0, width: 800, height: 600 },
  enabled: true,
  secret: false,
  children: [],
};

interface NodeBuild {
  input: WorldInput;
  uid: string;
  windowBounds: Bounds;
  /** Collects every node, pre-order. */
  nodes: BuiltNode[];
}

function buildNode(
  def: ScenarioNode,
  id: string,
  parent: BuiltNode | null,
  b: NodeBuild,
): BuiltNode {
  const { input, uid } = b;
  const changed = def.id === undefined ? undefined : input.store.get(uid, def.id);
  const value = changed?.value !== undefined ? changed.value : def.value;
  const selected = changed?.selected ?? def.selected;
  const focused = def.id !== undefined && input.focus?.uid === uid &&
    input.focus.id === def.id && FOCUSABLE.has(def.role);
  const element: Element = {
    id,
    name: def.name,
    role: def.role,
    value: def.secret && !input.reveal ? masked(value) : value,
    bounds: { ...(def.bounds ?? b.windowBounds) },
    enabled: def.enabled,
    focused,
    keyboard_shortcut: null,
    description: null,
    children: [],
    ...(selected === undefined ? {} : { selected }),
    // Marked as a real platform marks a password field, so redaction treats both alike.
    ...(def.secret ? { states: { password: true } } : {}),
  };
  const node: BuiltNode = { element, def, parent, children: [], uid };
  b.nodes.push(node);
  def.children.forEach((child, i) => {
    const built = buildNode(child, childId(id, i), node, b);
    node.children.push(built);
    element.children.push(built.element);
  });
  return node;
}

/** A title with its `{value:<id>}` placeholders filled from the window's own nodes. */
function windowTitle(template: string, nodes: BuiltNode[]): string {
  return interpolate(template, null, (id) => {
    const node = nodes.find((n) => n.def.id === id);
    if (!node) return null;
    // Titles are always shown, so a secret value stays masked even for the engine.
    return node.def.secret ? masked(node.element.value) : node.element.value;
  });
}

function buildWindow(def: ScenarioWindow, index: number, input: WorldInput): BuiltWindow {
  const uid = windowUid(def.uid, input.state, index, input.nonce);
  const build: NodeBuild = { input, uid, windowBounds: def.bounds, nodes: [] };
  const root = buildNode(def.tree ?? PLACEHOLDER, "root", null, build);
  return {
    root,
    nodes: build.nodes,
    info: {
      handle: String(1000 + index),
      title: windowTitle(def.title, build.nodes),
      process: def.process || "scenario.exe",
      pid: def.pid || 10000 + index,
      bounds: { ...def.bounds },
      focused: index === 0,
      window_uid: uid,
    },
  };
}

export function buildWorld(input: WorldInput): BuiltWindow[] {
  return input.scenario.states[input.state].windows.map((w, i) => buildWindow(w, i, input));
}

/** The first node carrying scenario id `id`, searching the windows in order. */
export function findNode(windows: BuiltWindow[], id: string): BuiltNode | null {
  for (const window of windows) {
    const node = window.nodes.find((n) => n.def.id === id);
    if (node) return node;
  }
  return null;
}

export const EMPTY_ROOT: Element = {
  id: "root",
  name: PLACEHOLDER.name,
  role: PLACEHOLDER.role,
  value: null,
  bounds: { ...PLACEHOLDER.bounds! },
  enabled: true,
  focused: false,
  keyboard_shortcut: null,
  description: null,
  children: [],
};
