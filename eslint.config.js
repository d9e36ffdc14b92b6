import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SOURCES = ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** API files that register routes or plugins, and so import fastify. */
const FASTIFY_ALLOWED = [
  'apps/api/src/app.ts',
  'apps/api/src/plugins/**',
  'apps/api/src/**/*.routes.ts',
  'apps/api/src/modules/routes.ts',
  'apps/api/src/modules/public-pages/**',
];

const api = (p) => `apps/api/src/${p}`;
const web = (p) => `apps/web/src/${p}`;
/** Which folders may not import which (import-x/no-restricted-paths; paths resolved, type imports included). */
const BOUNDARIES = [
  {
    target: ['modules', 'plugins', 'shared', 'db', 'mail', 'jobs', 'i18n', 'storage', 'seed'].map(api),
    from: ['app.ts', 'server.ts', 'worker.ts', 'cluster.ts', 'stock-check.ts'].map(api),
    message:
      'Process entries and buildApp are imported by nothing below them: modules take AppDeps (deps.ts) and list their routes in modules/routes.ts.',
  },
  {
    target: ['shared', 'db', 'storage', 'i18n'].map(api),
    from: ['modules', 'plugins', 'mail', 'jobs'].map(api),
    message: 'shared/, db/, storage/ and i18n/ are the bottom layer: they know no module, plugin, mail or job.',
  },
  {
    target: web('public'),
    from: [web('features'), web('app')],
    message:
      'The buyer app (src/public) carries no organizer code: move what both apps need to src/components or src/lib.',
  },
  {
    target: web('features'),
    from: [web('app'), web('public'), web('sign-in')],
    message:
      'Features do not know the organizer app shell (src/app), the buyer app (src/public) or the sign-in app (src/sign-in).',
  },
  {
    target: web('sign-in'),
    from: web('public'),
    message: 'The sign-in app (src/sign-in) carries no buyer code: move what both need to src/components or src/lib.',
  },
  {
    target: [web('app'), web('public')],
    from: web('sign-in'),
    message: 'The sign-in app (src/sign-in) is an app of its own, reached by a page load: nothing imports it.',
  },
  {
    target: [web('components'), web('lib')],
    from: [web('features'), web('app'), web('public')],
    message: 'src/components and src/lib are shared by both apps and every feature: they import neither.',
  },
  {
    target: web('lib'),
    from: web('components'),
    message: 'src/lib holds no UI: components use lib, not the other way.',
  },
  {
    target: web(''),
    from: web('test-utils'),
    message: 'src/test-utils is for tests only (renderWithProviders): the apps never load it.',
  },
  { target: 'packages/shared', from: 'apps', message: 'packages/shared is loaded by both apps and imports neither.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      '**/locales/**/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Imports in one order everywhere (packages, then the project's, then relative; side-effect imports such
  // as stylesheets first, in the order written): `eslint --fix` sorts them. Layout is Prettier's (npm run lint).
  {
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // Prettier wraps code at 120; comments are wrapped by hand; a string is never cut to fit.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Module boundaries (docs/CONVENTIONS.md, "Module boundaries"): no import cycles, and which
  // folders may import which, checked on the source trees (not tests, to keep lint fast).
  {
    files: SOURCES,
    ignores: TESTS,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Resolutions are kept for the whole run (the default, 30 s, resolves again in a long run).
      'import-x/cache': { lifetime: '∞' },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/shared/tsconfig.json', 'apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Type-only imports are not followed (they vanish at run time); packages in node_modules are not walked.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARIES }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [...TESTS, ...FASTIFY_ALLOWED],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(fastify|@fastify/|fastify-)',
              message:
                'Only *.routes.ts (and the route list, public-pages/), plugins/ and app.ts know fastify: use cases take plain inputs and throw DomainError.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSNonNullExpression > MemberExpression[property.name='auth']",
          message: 'Use authOf(req) (plugins/auth.ts): without a guard it answers 401, not a TypeError and a 500.',
        },
      ],
    },
  },
  // Routes parse and answer: the use cases own transactions, and queries live beside the module that owns the table.
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm|/db/schema/',
              message:
                'A route file holds no queries: put them in the module (a repository or a use case) and call it.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSNonNullExpression > MemberExpression[property.name='auth']",
          message: 'Use authOf(req) (plugins/auth.ts): without a guard it answers 401, not a TypeError and a 500.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A route file opens no transaction: the use case does (it knows what must change together).',
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.\\.?/)',
              message: 'packages/shared has no dependency but zod (the browser and the server both load it).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.js'],
    languageOptions: { globals: globals.node },
  },
);
