import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** One runner, three projects: shared (pure), api (through fastify.inject on a real database), web. */
export default defineConfig({
  test: {
    // Two cores: two files at a time, each API file with its own database.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The web project carries its own Vite plugins (Lingui macros).
      ...(existsSync('apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
