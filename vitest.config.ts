import { existsSync } from 'node:fs';

import { defineConfig } from 'vitest/config';

/** Web test files that mock modules or leave state in what files share (window, module state): run alone. */
const WEB_TESTS = ['src/**/*.test.{ts,tsx}'];
const WEB_ISOLATED = [
  'src/app/layouts/ManageLayout.test.tsx',
  'src/features/auth/components/LoginForm.test.tsx',
  'src/features/account/components/MailDelayBanner.test.tsx',
  'src/features/auth/components/SignUp.test.tsx',
  'src/features/reports/components/ReportsPage.test.tsx',
  'src/lib/api-client.test.ts',
  'src/lib/use-unsaved-changes.test.tsx',
];

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
      // The web project carries its own Vite plugins (Lingui macros). Its files share one module registry per
      // worker, like the API's (import 100 s -> 12 s, the project 139 s -> 29 s alone); the few that mock modules
      // or change what the others share (the window's location and listeners) run each in its own, as `web-isolated`.
      ...(existsSync('apps/web/vitest.config.ts')
        ? [
            {
              extends: './apps/web/vitest.config.ts',
              test: {
                name: 'web',
                include: WEB_TESTS,
                exclude: [...WEB_ISOLATED, '**/node_modules/**'],
                isolate: false,
              },
            },
            { extends: './apps/web/vitest.config.ts', test: { name: 'web-isolated', include: WEB_ISOLATED } },
          ]
        : []),
    ],
  },
});
