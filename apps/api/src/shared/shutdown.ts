import type { Logger } from 'pino';

/** How long one stage of a shutdown may take before the next one starts anyway. */
export const SHUTDOWN_STAGE_MS = 10_000;

export type ShutdownStage = readonly [name: string, stop: () => Promise<unknown> | unknown];

/**
 * Runs the stages of a shutdown in order, each given at most `stageMs`: a stage that does not finish
 * (a connection that never answers its goodbye) is named in a warning and left behind, so the stages
 * after it still run and the process can still exit. A stage that fails is logged the same way.
 */
export async function stopInStages(
  log: Logger,
  stages: readonly ShutdownStage[],
  stageMs = SHUTDOWN_STAGE_MS,
): Promise<void> {
  for (const [name, stop] of stages) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), stageMs);
      timer.unref();
    });
    try {
      const outcome = await Promise.race([
        Promise.resolve()
          .then(stop)
          .then(() => 'done' as const),
        late,
      ]);
      if (outcome === 'late')
        log.warn(
          { stage: name, waited_ms: stageMs },
          `shutdown: ${name} did not stop within ${stageMs} ms; going on without it`,
        );
    } catch (err) {
      log.warn({ stage: name, err: (err as Error).message }, `shutdown: ${name} failed to stop`);
    } finally {
      clearTimeout(timer);
    }
  }
}
