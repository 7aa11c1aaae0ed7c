// Everything the safety section sets up, held once per session: the budget
// ledger, the access policy, the redactor, the confirmation desk, the
// injection tripwire and the audit log.

import type { Config } from "../../formats/config/config.ts";
import { AccessPolicy } from "./access.ts";
import { AuditLog } from "./audit_log.ts";
import { BudgetLedger, type Limits, type Meter } from "./budgets.ts";
import type { SafetyConfig } from "../../formats/config/safety.ts";
import { ConfirmationDesk } from "./confirmation.ts";
import { Redactor } from "./redactor.ts";
import { Tripwire } from "./tripwire.ts";

/**
 * Tools that perform a batch of actions (agents' pyautogui and computer_13):
 * each action is its own tool call, charged and audited as it runs.
 */
export const ACTION_BATCH_TOOLS: ReadonlySet<string> = new Set(["run_pyautogui", "run_computer13"]);

/** Tools that return pixels of the screen (the screenshot budget). */
const SCREENSHOT_TOOLS = new Set([
  "get_screenshot",
  "get_set_of_marks",
  "get_screenshot_cropped",
  "get_full_screenshot",
]);
/** Tools that may call the vision model (the VLM token budget). */
const VLM_TOOLS = new Set(["get_screen_description"]);

export class SafetyRails {
  readonly ledger: BudgetLedger;
  readonly access: AccessPolicy;
  readonly redactor: Redactor;
  readonly confirmations: ConfirmationDesk;
  readonly tripwire: Tripwire;
  /** Open once the service starts (openAudit); null when safety.audit.path is unset. */
  audit: AuditLog | null = null;

  constructor(
    readonly settings: SafetyConfig,
    private readonly vlmEnabled: () => boolean,
    env: (name: string) => string | undefined = (name) => Deno.env.get(name),
  ) {
    this.ledger = new BudgetLedger(settings.budgets);
    this.access = new AccessPolicy(settings.access);
    this.redactor = new Redactor(settings.redaction, env);
    this.confirmations = new ConfirmationDesk(settings.confirmation);
    this.tripwire = new Tripwire(settings.injection_warnings, settings.block_after_injection);
  }

  static fromConfig(config: Config): SafetyRails {
    return new SafetyRails(config.safety, () => config.vlm.enabled);
  }

  /** The budget a call of this tool spends from, if any. */
  meterOf(tool: string, kind: string): Meter | null {
    // A batch's own actions are charged one by one as they run.
    if (kind === "input") return ACTION_BATCH_TOOLS.has(tool) ? null : "actions";
    if (SCREENSHOT_TOOLS.has(tool)) return "screenshots";
    if (VLM_TOOLS.has(tool) && this.vlmEnabled()) return "vlm_tokens";
    return null;
  }

  async openAudit(): Promise<void> {
    const { path, max_bytes, backups, fsync } = this.settings.audit;
    if (path !== null) {
      this.audit = await AuditLog.open({ path, maxBytes: max_bytes, backups, fsync });
    }
  }
}

/** Budget limits with the command line's flags over the config's. */
export function withFlags(limits: Limits, flags: Partial<Limits>): Limits {
  const out = { ...limits };
  for (const [key, value] of Object.entries(flags) as Array<[keyof Limits, number | null]>) {
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}
