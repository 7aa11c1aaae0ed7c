// assert_state (spec/scenarios.md §7): oracle predicates over what clients
// can observe — trees as served (secret values masked), windows, screenshots.

import { z } from "zod";
import { ToolError } from "../core/errors.ts";
import { captureWindow, listWindows } from "../observe/capture.ts";
import { readConfinedFile, referenceRoots } from "../core/files.ts";
import { decodePngOffThread } from "../image/workers.ts";
import { evaluatePredicates } from "../scenario/predicates/evaluate.ts";
import type { ObservedDesktop } from "../scenario/predicates/types.ts";
import type { Session } from "../core/session.ts";
import { defineTool, READ_ONLY } from "./registry.ts";

function sessionDesktop(session: Session): ObservedDesktop {
  return {
    windows: () => listWindows(session),
    async tree(window) {
      try {
        return await captureWindow(session, window);
      } catch (e) {
        if (e instanceof ToolError) return null;
        throw e;
      }
    },
    async screenshot(window) {
      try {
        return await session.adapter.screenshot({ kind: "window", handle: window.handle });
      } catch {
        return null;
      }
    },
    async readImage(path) {
      const { limits } = session.config;
      const bytes = await readConfinedFile(path, {
        roots: referenceRoots(session.config),
        maxBytes: limits.file_bytes,
        purpose: "reference image",
      });
      return decodePngOffThread(bytes, limits.image_pixels);
    },
  };
}

export const assertStateTool = defineTool({
  name: "assert_state",
  description: "Check predicates against the current screen, e.g. " +
    '[{"kind":"text_visible","regex":"Welcome"},{"kind":"value_equals","selector":' +
    '"Edit[name=\\"User\\"]","expected":"alice"}]. Kinds: element_exists, element_absent, ' +
    "value_equals, value_matches, text_visible, window_focused, window_exists, " +
    "tree_hash_equals, screenshot_similar. Never fails: each result has passed and observed; " +
    "all_passed is their AND.",
  kind: "other",
  input: z.object({ predicate: z.unknown().optional(), predicates: z.unknown().optional() }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const list = args.predicate ?? args.predicates;
    if (!Array.isArray(list) || list.length === 0) {
      throw new ToolError("BadRequest", "predicates list required");
    }
    const results = await evaluatePredicates(
      list,
      sessionDesktop(session),
      session.config.limits.regex_length,
    );
    return { all_passed: results.every((r) => r.passed), results };
  },
});
