// Worker for tests/thread_priority_test.ts: lowers its own priority and
// reports the result with its thread's nice value before and after.

import { lowerThreadPriority } from "../../lib/support/thread_priority.ts";
import { threadNice } from "./proc.ts";

// deno-lint-ignore no-explicit-any
const scope = self as any;
scope.onmessage = () => {
  const before = threadNice("thread-self");
  const lowered = lowerThreadPriority();
  scope.postMessage({ before, lowered, after: threadNice("thread-self") });
};
