// text_visible: a node's "name value" in the tree matches, else (modes
// ocr/auto) the OCR text of the window's screenshot.

import type { ClientRegex } from "../../../formats/regex/compile.ts";
import { type Element, walk } from "../../../model/tree.ts";
import { clientRegex, failed, type PredicateCheck, predicateWindow } from "./types.ts";

const MODES = ["tree", "ocr", "auto"];

const OCR_HINT = "OCR is switched off (ocr.enabled) or its engine is unavailable (see " +
  "/api/healthz ocr); use mode 'tree', or match the text with element predicates";

function firstMatching(root: Element, re: ClientRegex): Element | null {
  let found: Element | null = null;
  walk(root, (node) => {
    if (found === null && re.search(`${node.name} ${node.value ?? ""}`)) found = node;
  });
  return found;
}

export const textVisible: PredicateCheck = async (args, desktop, regexLength) => {
  if (typeof args.regex !== "string") return failed("regex required");
  const mode = args.mode ?? "auto";
  if (typeof mode !== "string" || !MODES.includes(mode)) {
    return failed("mode must be tree, ocr or auto");
  }
  const re = clientRegex(args.regex, regexLength);
  const window = await predicateWindow(args, desktop);
  if (mode !== "ocr" && window) {
    const captured = await desktop.tree(window);
    const hit = captured ? firstMatching(captured.tree, re) : null;
    if (hit) return { passed: true, observed: { source: "tree", element_id: hit.id } };
  }
  if (mode === "tree" || !window) return failed("no match");
  if (!desktop.ocr) return failed({ ocr_error: "ocr unavailable", hint: OCR_HINT });
  return re.search(await desktop.ocr(window))
    ? { passed: true, observed: { source: "ocr" } }
    : failed("no match");
};
