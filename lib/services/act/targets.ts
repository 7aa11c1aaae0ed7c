// Resolving the element an action aims at, with the stale-id check: an
// element_id from an earlier capture that no longer names the same element
// (role, name, bounds) is refused, never retargeted.

import { ToolError } from "../../model/errors.ts";
import {
  canonicalSelector,
  deriveSelector,
  parseSelector,
  resolveSelector,
  SelectorSyntaxError,
} from "../../formats/selectors/index.ts";
import { type Element, findById, sameBounds } from "../../model/tree.ts";
import { positionalId } from "../../formats/views/refs.ts";

export interface TargetArgs {
  selector?: string;
  element_id?: string;
}

export interface ResolvedTarget {
  element: Element;
  selector: string;
}

function describe(e: Element) {
  return { role: e.role, name: e.name, bounds: e.bounds };
}

function sameElement(a: Element, b: Element): boolean {
  return a.role === b.role && a.name === b.name && sameBounds(a.bounds, b.bounds);
}

function trySelector(
  root: Element,
  text: string,
  regexLength: number,
): { element: Element; selector: string } | {
  error: ToolError;
} {
  try {
    const parsed = parseSelector(text, regexLength);
    const { matches } = resolveSelector(root, parsed);
    const canonical = canonicalSelector(parsed);
    if (matches.length === 0) {
      return {
        error: new ToolError("ElementNotFound", `no element matches selector '${canonical}'`, {
          selector: canonical,
        }),
      };
    }
    return { element: matches[0], selector: canonical };
  } catch (e) {
    if (e instanceof SelectorSyntaxError) {
      return {
        error: new ToolError("BadRequest", `selector parse error: ${e.message}`, {
          selector: text,
          position: e.position,
        }),
      };
    }
    throw e;
  }
}

/**
 * `previous` is the tree the agent took the element_id from (the latest
 * capture it was served for this window), when known. `regexLength`: the
 * session's limits.regex_length, for `~=` in selectors.
 */
export function resolveTarget(
  root: Element,
  args: TargetArgs,
  previous: Element | null,
  regexLength: number,
): ResolvedTarget {
  if (!args.selector && !args.element_id) {
    throw new ToolError("BadRequest", "either element_id or selector is required");
  }
  let remembered: ToolError | null = null;
  if (args.selector) {
    const found = trySelector(root, args.selector, regexLength);
    if ("element" in found) return found;
    remembered = found.error;
  }
  if (args.element_id) {
    const id = positionalId(args.element_id, previous, root);
    if (id === null) {
      throw new ToolError(
        "ElementNotFound",
        `no element '${args.element_id}' in the tree last served for this window; observe again`,
        { element_id: args.element_id },
      );
    }
    const element = findById(root, id);
    if (element) {
      const before = previous ? findById(previous, id) : null;
      if (before && !sameElement(before, element)) {
        throw new ToolError(
          "ElementNotFound",
          `element id '${id}' is stale: it named ${before.role} "${before.name}" when it was ` +
            `captured and now names ${element.role} "${element.name}"; find the element again`,
          { element_id: id, stale: true, was: describe(before), now: describe(element) },
        );
      }
      return { element, selector: deriveSelector(root, id) };
    }
    if (previous && findById(previous, id)) {
      throw new ToolError(
        "ElementNotFound",
        `element id '${id}' is stale: that element is no longer in the window`,
        { element_id: id, stale: true, was: describe(findById(previous, id)!) },
      );
    }
    // Agents sometimes pass a selector such as `TabItem "Inbox"` as the id.
    const asSelector = trySelector(root, id, regexLength);
    if ("element" in asSelector) return asSelector;
    remembered ??= new ToolError("ElementNotFound", `no element with id '${id}'`, {
      element_id: id,
    });
  }
  throw remembered!;
}
