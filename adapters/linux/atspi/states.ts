// An AT-SPI state set (a bit field indexed by AtspiStateType) as the
// element's `states`: the core states always, true or false, then every other
// state that is set.

import { CORE_STATES } from "../../../lib/model/tree.ts";
import { STATE_NAMES } from "../ffi/atspi.ts";

const CORE = new Set<string>(CORE_STATES);
const bit = (name: (typeof CORE_STATES)[number]) => STATE_NAMES.indexOf(name);
/** Bits of the non-core states ("invalid" is never reported). */
const OTHER_BITS = STATE_NAMES.flatMap((name, i) =>
  i === 0 || CORE.has(name) ? [] : [[name, i] as const]
);
const ENABLED = bit("enabled");
const SENSITIVE = bit("sensitive");
const SHOWING = bit("showing");
const VISIBLE = bit("visible");
const FOCUSABLE = bit("focusable");
const FOCUSED = bit("focused");
const EDITABLE = bit("editable");
const CHECKABLE = bit("checkable");
const CHECKED = bit("checked");
const EXPANDABLE = bit("expandable");
const EXPANDED = bit("expanded");
const SELECTABLE = bit("selectable");
const SELECTED = bit("selected");
const MULTI_LINE = bit("multi_line");
const MODAL = bit("modal");
const ACTIVE = bit("active");

/** Each state's bit as a bigint, made once: shifting by BigInt(state) on every test cost a walk milliseconds. */
const STATE_BITS = Array.from({ length: 64 }, (_, i) => 1n << BigInt(i));

/** Whether the state numbered `state` (AtspiStateType) is set in `bits`. */
export function hasState(bits: bigint, state: number): boolean {
  return (bits & STATE_BITS[state]) !== 0n;
}

export function stateRecord(bits: bigint): Record<string, boolean> {
  // Two words of numbers: testing 40 bits of a bigint one by one cost ~5 µs a node.
  const low = Number(bits & 0xffffffffn);
  const high = Number(bits >> 32n);
  const on = (i: number) => ((i < 32 ? low >>> i : high >>> (i - 32)) & 1) === 1;
  // One literal, so every state set starts with the same shape: built key by
  // key, sets whose other states differed took many shapes, and writing them
  // as JSON took four times as long.
  const core: Record<(typeof CORE_STATES)[number], boolean> = {
    enabled: on(ENABLED),
    sensitive: on(SENSITIVE),
    showing: on(SHOWING),
    visible: on(VISIBLE),
    focusable: on(FOCUSABLE),
    focused: on(FOCUSED),
    editable: on(EDITABLE),
    checkable: on(CHECKABLE),
    checked: on(CHECKED),
    expandable: on(EXPANDABLE),
    expanded: on(EXPANDED),
    selectable: on(SELECTABLE),
    selected: on(SELECTED),
    multi_line: on(MULTI_LINE),
    modal: on(MODAL),
    active: on(ACTIVE),
  };
  const states: Record<string, boolean> = core;
  if (bits === 0n) return states;
  for (const [name, i] of OTHER_BITS) if (on(i)) states[name] = true;
  return states;
}
