// tree_hash_equals: the tree hash clients see.

import { failed, type PredicateCheck, predicateWindow } from "./types.ts";

export const treeHashEquals: PredicateCheck = async (args, desktop) => {
  const window = await predicateWindow(args, desktop);
  const captured = window ? await desktop.tree(window) : null;
  if (!captured) return failed("no tree");
  return { passed: captured.hash === args.expected_hash, observed: { actual: captured.hash } };
};
