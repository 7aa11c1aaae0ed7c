// What observing needs of the session: the (guarded) platform, the tree
// settings, the tree cache, the injection tripwire, whether the platform
// mirrors trees, and the OCR workers to start with the others.

import type { Adapter } from "../../../adapters/types.ts";
import type { Config } from "../../formats/config/config.ts";
import type { Tripwire } from "../safety/tripwire.ts";
import type { TreeCache } from "./tree_cache.ts";

export interface ObserveContext {
  readonly adapter: Adapter;
  readonly config: Pick<Config, "tree" | "ocr">;
  readonly cache: TreeCache;
  readonly safety: { readonly tripwire: Tripwire };
  /** Whether captures are answered from the adapter's live mirror. */
  readonly liveMirror: boolean;
  readonly ocr: { startWorkers(engines: boolean): void };
}
