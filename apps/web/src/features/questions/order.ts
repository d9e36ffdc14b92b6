/**
 * All ids with the shown subset in its new order: each shown question takes the next slot that a
 * shown question held, so hidden ones and the other group keep their places.
 */
export function mergeOrder(allIds: number[], shownIds: number[], newShownOrder: number[]): number[] {
  const shown = new Set(shownIds);
  const queue = [...newShownOrder];
  return allIds.map((id) => (shown.has(id) ? queue.shift()! : id));
}
