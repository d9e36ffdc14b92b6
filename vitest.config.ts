import { existsSync } from 'node:fs';

import { defineConfig } from 'vitest/config';

/** One runner, three projects: shared (pure), api (through fastify.inject on a real database), web. */
export default defineConfig({
  test: {
    // Two cores: two files at a time, each API file with its own database.
    maxWorkers: 2,
    // The usual report, then (on the embedded database) the PostgreSQL-only suites it skipped.
    reporters: ['default', './scripts/skipped-suites-reporter.ts'],
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database, so the files need no module registry of
          // their own: sharing one per worker spares re-importing the whole API for each of ~130 files
          // (import 150 s -> 11 s on this 2-core machine; the api project 350 s -> 217 s).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The web project carries its own Vite plugins (Lingui macros).
      ...(existsSync('apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
