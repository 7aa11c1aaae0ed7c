// MSAA state bits (STATE_SYSTEM_*, oleacc.h) as the element's `states`: the
// core states always, true or false, then every other state that is set.
// MSAA says "unavailable" and "invisible" where the core says enabled and
// visible, and has no editable, checkable or multi-line state: the caller
// knows those from the role and the window's style.

import { CORE_STATES } from "../../../lib/model/tree.ts";

export const STATE_SYSTEM = {
  UNAVAILABLE: 0x1,
  SELECTED: 0x2,
  FOCUSED: 0x4,
  PRESSED: 0x8,
  CHECKED: 0x10,
  MIXED: 0x20,
  READONLY: 0x40,
  HOTTRACKED: 0x80,
  DEFAULT: 0x100,
  EXPANDED: 0x200,
  COLLAPSED: 0x400,
  BUSY: 0x800,
  FLOATING: 0x1000,
  MARQUEED: 0x2000,
  ANIMATED: 0x4000,
  INVISIBLE: 0x8000,
  OFFSCREEN: 0x10000,
  SIZEABLE: 0x20000,
  MOVEABLE: 0x40000,
  SELFVOICING: 0x80000,
  FOCUSABLE: 0x100000,
  SELECTABLE: 0x200000,
  LINKED: 0x400000,
  TRAVERSED: 0x800000,
  MULTISELECTABLE: 0x1000000,
  EXTSELECTABLE: 0x2000000,
  ALERT_LOW: 0x4000000,
  ALERT_MEDIUM: 0x8000000,
  ALERT_HIGH: 0x10000000,
  PROTECTED: 0x20000000,
  HASPOPUP: 0x40000000,
} as const;

const S = STATE_SYSTEM;

/** The states listed when set, besides the core ones (which cover the other bits). */
const OTHER_STATES: ReadonlyArray<readonly [string, number]> = [
  ["pressed", S.PRESSED],
  ["mixed", S.MIXED],
  ["read_only", S.READONLY],
  ["hot_tracked", S.HOTTRACKED],
  ["default", S.DEFAULT],
  ["collapsed", S.COLLAPSED],
  ["busy", S.BUSY],
  ["floating", S.FLOATING],
  ["marqueed", S.MARQUEED],
  ["animated", S.ANIMATED],
  ["offscreen", S.OFFSCREEN],
  ["sizeable", S.SIZEABLE],
  ["moveable", S.MOVEABLE],
  ["self_voicing", S.SELFVOICING],
  ["linked", S.LINKED],
  ["traversed", S.TRAVERSED],
  ["multi_selectable", S.MULTISELECTABLE],
  ["extended_selectable", S.EXTSELECTABLE],
  ["alert_low", S.ALERT_LOW],
  ["alert_medium", S.ALERT_MEDIUM],
  ["alert_high", S.ALERT_HIGH],
  ["protected", S.PROTECTED],
  ["has_popup", S.HASPOPUP],
];

/** What the core states need beyond the bits. */
export interface StateTraits {
  editable: boolean;
  /** A check box or radio button (checked or not). */
  checkable: boolean;
  multiLine: boolean;
  /** The foreground window. */
  active: boolean;
}

export function has(bits: number, state: number): boolean {
  return (bits & state) !== 0;
}

export function isEnabled(bits: number): boolean {
  return !has(bits, S.UNAVAILABLE);
}

export function isExpandable(bits: number): boolean {
  return has(bits, S.EXPANDED | S.COLLAPSED);
}

export function stateRecord(bits: number, traits: StateTraits): Record<string, boolean> {
  const visible = !has(bits, S.INVISIBLE);
  const core: Record<(typeof CORE_STATES)[number], boolean> = {
    enabled: isEnabled(bits),
    sensitive: isEnabled(bits),
    showing: visible && !has(bits, S.OFFSCREEN),
    visible,
    focusable: has(bits, S.FOCUSABLE),
    focused: has(bits, S.FOCUSED),
    editable: traits.editable,
    checkable: traits.checkable || has(bits, S.CHECKED | S.MIXED),
    checked: has(bits, S.CHECKED),
    expandable: isExpandable(bits),
    expanded: has(bits, S.EXPANDED),
    selectable: has(bits, S.SELECTABLE),
    selected: has(bits, S.SELECTED),
    multi_line: traits.multiLine,
    modal: false, // MSAA has no modal state
    active: traits.active,
  };
  const states: Record<string, boolean> = { ...core };
  for (const [name, bit] of OTHER_STATES) if (has(bits, bit)) states[name] = true;
  return states;
}
