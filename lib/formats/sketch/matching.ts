// Which item gets which cell for its key: a maximum matching (Kuhn's
// augmenting paths) that takes the requests in order, so an earlier request
// is never left without a cell for a later one's sake.

export interface KeyRequest {
  item: number;
  /** Candidate cells (row × width + column), preferred first. */
  cells: number[];
}

/** item → cell for every request that could be served. */
export function matchCells(requests: readonly KeyRequest[]): Map<number, number> {
  const holder = new Map<number, number>(); // cell → request index
  const augment = (request: number, seen: Set<number>): boolean => {
    for (const cell of requests[request].cells) {
      if (seen.has(cell)) continue;
      seen.add(cell);
      const other = holder.get(cell);
      if (other === undefined || augment(other, seen)) {
        holder.set(cell, request);
        return true;
      }
    }
    return false;
  };
  requests.forEach((_, i) => augment(i, new Set()));
  const cells = new Map<number, number>();
  for (const [cell, request] of holder) cells.set(requests[request].item, cell);
  return cells;
}
