// What acting needs of the session: observing and OCR (targets found on the
// screen), the safety rails (confirmation, passwords), the action settings, the
// tree tokens an element id may name, and the trees last shown to clients.

import type { Config } from "../../formats/config/config.ts";
import type { Element } from "../../model/tree.ts";
import type { OcrContext } from "../ocr/context.ts";
import type { SafetyContext } from "../safety/context.ts";
import type { TokenStore } from "../observe/tree_tokens.ts";

export type ActContext = OcrContext & SafetyContext & {
  readonly config: Pick<Config, "actions" | "limits">;
  readonly tokens: TokenStore;
  /** The tree a window was last shown to a client as (stale element ids are checked against it). */
  lastServed(uid: string): Element | null;
};
