import { existsSync } from 'node:fs';

import { defineConfig } from 'vitest/config';

/** Web test files that mock modules, or whose work goes on after their last test (a navigation, a timer), or
 *  that change what the files share (the window's address and listeners, module state): each in its own
 *  module registry, as the `web-isolated` project. */
const WEB_TESTS = ['src/**/*.test.{ts,tsx}'];
const WEB_ISOLATED = [
  'src/app/layouts/ManageLayout.test.tsx',
  'src/features/account/components/MailDelayBanner.test.tsx',
  'src/features/account/components/MollieReturnPage.test.tsx',
  'src/features/account/components/PaymentPage.mollie.test.tsx',
  'src/features/audit-log/components/AuditLogPage.test.tsx',
  'src/features/auth/components/AcceptInvitationExistingUserForm.test.tsx',
  'src/features/auth/components/LoginForm.test.tsx',
  'src/features/auth/components/PasskeySignIn.test.tsx',
  'src/features/auth/components/ResetPasswordForm.test.tsx',
  'src/features/auth/components/SignUp.test.tsx',
  'src/features/auth/components/SsoCallback.test.tsx',
  'src/features/event-dates/components/DatesPage.test.tsx',
  'src/features/reports/components/ReportsPage.test.tsx',
  'src/features/reports/components/SalesByPaymentReport.test.tsx',
  'src/features/sessions/components/SessionsSection.test.tsx',
  'src/features/two-factor/components/PasskeysPart.test.tsx',
  'src/features/two-factor/components/TwoFactorGate.test.tsx',
  'src/features/webhooks/components/WebhookDetailPage.test.tsx',
  'src/lib/api-client.test.ts',
  'src/lib/use-unsaved-changes.test.tsx',
  'src/public/checkout/DetailsForm.invoice.test.tsx',
  'src/public/checkout/MolliePaymentOption.test.tsx',
  'src/public/event/EventPage.dates.test.tsx',
  'src/public/event/EventPage.recovery.test.tsx',
  'src/public/waitlist/JoinWaitlistDialog.test.tsx',
  'src/public/widget/WidgetPage.dates.test.tsx',
  'src/sign-in/SignInApp.test.tsx',
];

/** One runner, three projects: shared (pure), api (through fastify.inject on a real database), web. */
export default defineConfig({
  test: {
    // Three files at a time on the two cores, each API file with its own database: an API test spends much of
    // its time waiting for PostgreSQL, whose work runs on the same cores (the whole suite: 529 s with two, 442 s
    // with three).
    maxWorkers: 3,
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
      // The web projects carry their own Vite plugins (Lingui macros). Most web files share one module registry
      // per worker, like the API's (each file otherwise imports Mantine and the app afresh, about 2 s); the
      // few in WEB_ISOLATED run each in its own, as `web-isolated`.
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
