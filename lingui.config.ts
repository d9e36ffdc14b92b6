import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** Two catalogs: the web app (macros) and the API (errors and e-mails, explicit descriptors). */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/apps/web/src/locales/{locale}/messages', include: ['<rootDir>/apps/web/src'] },
    { path: '<rootDir>/apps/api/src/locales/{locale}/messages', include: ['<rootDir>/apps/api/src'] },
  ],
});
