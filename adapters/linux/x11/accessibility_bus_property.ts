// The accessibility bus's address on the X root window (AT_SPI_BUS), as
// at-spi-bus-launcher publishes it in a desktop session where it was built to.
// Qt 5 finds the bus there first; through the session bus alone, Qt 5.15
// (Debian 12's VLC, FeatherPad) starts talking to the registry before its
// connection is up and never registers: its window then has no tree. Debian
// 12's launcher leaves the property unset, so the service sets it.

import type { XDisplay } from "./display.ts";

export const ACCESSIBILITY_BUS_PROPERTY = "AT_SPI_BUS";

/** What publishing found: the property already named the bus, it does now, or why not. */
export type Publication = "was set" | "set" | { problem: string };

/** Names `address` in the root window's AT_SPI_BUS unless it does already. */
export function publishAccessibilityBus(x: XDisplay, address: string): Publication {
  if (x.text(x.root, ACCESSIBILITY_BUS_PROPERTY) === address) return "was set";
  const error = x.setText(x.root, ACCESSIBILITY_BUS_PROPERTY, address);
  return error === null ? "set" : { problem: `X error ${error.code} setting AT_SPI_BUS` };
}
