// Work on a large tree (tens of thousands of nodes) runs on the thread that
// answers every request; between its passes it gives the other requests
// their turn, so a health check is never held for all of them at once.

/** Trees at least this large take turns between passes (a pass over 20,000 nodes: ~100 ms). */
const LARGE_TREE_NODES = 2000;

/**
 * For a large tree of `nodeCount` nodes, resolves after the event loop has
 * served what was waiting (timers, sockets); nothing to wait for otherwise.
 */
export function turnFor(nodeCount: number): Promise<void> | undefined {
  return nodeCount >= LARGE_TREE_NODES
    ? new Promise((resolve) => setTimeout(resolve, 0))
    : undefined;
}
