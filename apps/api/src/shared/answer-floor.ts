/**
 * Answers that must not tell, by how long they take, which way they went (is this address
 * registered?). The handler starts a floor; the route answers no sooner than the floor, plus a few
 * milliseconds of random jitter, so the slower branch hides behind it. Pick a floor above the slower
 * branch's usual time; `AUTH_ANSWER_FLOOR_MS`.
 */
export function answerFloor(floorMs: number) {
  const started = performance.now();
  return async function reached(): Promise<void> {
    if (floorMs <= 0) return;
    const wait = started + floorMs + Math.random() * 20 - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  };
}
