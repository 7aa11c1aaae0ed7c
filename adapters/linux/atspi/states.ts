// An AT-SPI state set (a bit field indexed by AtspiStateType) as the
// element's `states`: the core states always, true or false, then every other
// state that is set.

import { CORE_STATES } from "../../../lib/model/tree.ts";
import { STATE_NAMES } from "../ffi/atspi.ts";

const CORE = new Set<string>(CORE_STATES);
const CORE_BITS = CORE_STATES.map((name) => BigInt(STATE_NAMES.indexOf(name)));
/** Bits of the non-core states ("invalid" is never reported). */
const OTHER_BITS = STATE_NAMES.flatMap((name, i) =>
  i === 0 || CORE.has(name) ? [] : [[name, BigInt(i)] as const]
);

export function stateRecord(bits: bigint): Record<string, boolean> {
  const states: Record<string, boolean> = {};
  CORE_STATES.forEach((name, i) => states[name] = ((bits >> CORE_BITS[i]) & 1n) === 1n);
  if (bits === 0n) return states;
  for (const [name, bit] of OTHER_BITS) if (((bits >> bit) & 1n) === 1n) states[name] = true;
  return states;
}
