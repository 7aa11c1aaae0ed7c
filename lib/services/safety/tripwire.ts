// The injection tripwire's state: what each subtree of the trees seen holds
// (cached trees are served many times and scanned once, and a patched tree
// shares its unchanged subtrees with the tree before it), the warnings the
// agent was shown and has not acknowledged, and whether they block input
// (safety.block_after_injection).

import type { Element } from "../../model/tree.ts";
import { noteWarnings } from "./call_context.ts";
import {
  type InjectionWarning,
  scanText,
  scanTree,
  scanWindowTitles,
  type SubtreeWarnings,
} from "./injection.ts";

export class Tripwire {
  private readonly scanned: SubtreeWarnings = new WeakMap();
  private unacknowledged: InjectionWarning[] = [];

  constructor(readonly enabled: boolean, private readonly blocks: boolean) {}

  /** Notes, for the current call, what in this tree addresses the agent. */
  noteTree(root: Element, windowUid: string | null): void {
    if (!this.enabled) return;
    noteWarnings(scanTree(root, windowUid, this.scanned));
  }

  /** Notes window titles that address the agent. */
  noteTitles(windows: Array<{ window_uid: string; title: string }>): void {
    if (this.enabled) noteWarnings(scanWindowTitles(windows));
  }

  /**
   * Notes text made from a window's pixels that addresses the agent: `ocr`
   * text, or a vision model's `vlm` answer (which may repeat what it saw).
   */
  noteScreenText(text: string, windowUid: string | null, field: "ocr" | "vlm" = "ocr"): void {
    if (!this.enabled) return;
    const match = scanText(text);
    if (match) noteWarnings([{ window_uid: windowUid, element_id: null, field, ...match }]);
  }

  /** Warnings a result showed the agent; they block input until acknowledged (when so set). */
  shown(warnings: InjectionWarning[]): void {
    if (this.blocks) this.unacknowledged.push(...warnings);
  }

  get blocking(): InjectionWarning[] {
    return this.unacknowledged;
  }

  acknowledge(): number {
    const count = this.unacknowledged.length;
    this.unacknowledged = [];
    return count;
  }
}
