// Password fields, on every platform: AT-SPI's "password text" role, UI
// Automation's IsPassword (reported as the `password` state) and the mock's
// secret fields (also the `password` state).

import type { Element } from "./tree.ts";

export function isPasswordField(node: Element): boolean {
  return node.platform_role === "password text" || node.states?.password === true;
}
