// Which tree source the Windows adapter reads: UI Automation when its COM
// class can be created, else MSAA; when neither opens, the reasons of both.

import { openMsaaSource } from "./msaa/index.ts";
import type { TreeSource } from "./tree_source/tree_source.ts";
import { openUiaSource } from "./uia/index.ts";

/** The env variable that makes the adapter skip UI Automation (to compare or to work around). */
export const TREE_SOURCE_VARIABLE = "OSO_WINDOWS_TREE_SOURCE";

export function openTreeSource(): { source: TreeSource; note: string | null } {
  const forced = Deno.env.get(TREE_SOURCE_VARIABLE);
  let uiaFailure = `UI Automation skipped: ${TREE_SOURCE_VARIABLE}=msaa`;
  if (forced !== "msaa") {
    try {
      return { source: openUiaSource(), note: null };
    } catch (e) {
      uiaFailure = `UI Automation unavailable (${(e as Error).message}); reading trees via MSAA`;
    }
  }
  try {
    return { source: openMsaaSource(), note: uiaFailure };
  } catch (e) {
    throw new Error(
      `no accessibility tree source: ${uiaFailure.replace(/; reading.*/, "")}; ` +
        `MSAA unavailable (${(e as Error).message})`,
    );
  }
}
