import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Two catalogs: the web app (macros) and the API (errors and e-mails, explicit descriptors). The
 * field-problem messages of packages/shared (explicit ids `field.*`) go into both.
 */
const SHARED_MESSAGES = '<rootDir>/packages/shared/src/issue-messages.ts';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/apps/web/src/locales/{locale}/messages', include: ['<rootDir>/apps/web/src', SHARED_MESSAGES] },
    { path: '<rootDir>/apps/api/src/locales/{locale}/messages', include: ['<rootDir>/apps/api/src', SHARED_MESSAGES] },
  ],
});
