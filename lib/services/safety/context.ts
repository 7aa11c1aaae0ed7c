// What the safety services need of the session: its rails.

import type { SafetyRails } from "./rails.ts";

export interface SafetyContext {
  readonly safety: SafetyRails;
}
