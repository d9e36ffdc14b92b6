import type { Reporter, TestModule } from 'vitest/node';

/**
 * At the end of a run on the embedded database (no TEST_DATABASE_URL), names the suites that were skipped
 * there: the PostgreSQL-only ones (concurrency, crash safety, outages, PgBouncer...), so nobody reads a green
 * run on PGlite as "everything passed". CI runs them on PostgreSQL.
 */
export default class SkippedSuitesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (process.env.TEST_DATABASE_URL) return;
    const skipped: string[] = [];
    for (const module of testModules) {
      for (const suite of module.children.allSuites()) {
        // A suite skipped as a whole (skipIf / runIf), not one whose tests a name filter left out.
        if (suite.options.mode === 'skip' && suite.parent.type === 'module')
          skipped.push(`  ${module.relativeModuleId} > ${suite.name}`);
      }
    }
    if (!skipped.length) return;
    console.log(
      `\n${skipped.length} suite(s) skipped on the embedded database (they need PostgreSQL: set TEST_DATABASE_URL):\n` +
        skipped.join('\n'),
    );
  }
}
