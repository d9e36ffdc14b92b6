import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const linguiConfigPath = fileURLToPath(new URL('../../lingui.config.ts', import.meta.url));
const linguiConfig = getConfig({ configPath: linguiConfigPath, skipValidation: true });
const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Compiles Lingui macros before anything else sees the file. `@vitejs/plugin-react` 6 has no
 * `babel` option, so this small pre-plugin runs only the macro plugin and leaves JSX/TS alone.
 */
function linguiMacro(): Plugin {
  return {
    name: 'admitone-lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.[jt]sx?$/.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        // LINGUI_KEEP_MESSAGES=1 keeps the English source in the bundle, so strings not yet in the
        // catalogs (before `npm run i18n:extract`) read as English instead of as message ids.
        plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig, ...(process.env.LINGUI_KEEP_MESSAGES ? { stripMessageField: false } : {}) }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

const PUBLIC_CATALOG = 'virtual:admitone-public-catalog/';
const PUBLIC_ENTRY = '/src/public/main.tsx';
const MESSAGE_ID = /\bid:\s*"([^"\\]+)"/g;
const PLACEHOLDER = /__ADMITONE_PUBLIC_CATALOG__\("(first|deep)", "([^"]+)"\)/g;

/**
 * The buyer app's language catalogs, holding only messages the buyer app uses:
 * `virtual:admitone-public-catalog/<locale>` has those of the modules the first page loads (static
 * imports of the entry), `.../deep/<locale>` those of the lazily loaded pages (checkout, tickets).
 * Each module's message ids are read from its compiled macros; a catalog chunk gets its messages when
 * it is rendered, once the whole module graph is known. In dev, tests and SSR: the full catalog.
 */
function publicCatalogs(): Plugin {
  const idsByModule = new Map<string, string[]>();
  const compiled = new Map<string, Record<string, unknown>>();
  let serve = false;
  const poFile = (locale: string) => fileURLToPath(new URL(`src/locales/${locale}/messages.po`, import.meta.url));

  async function compile(locale: string) {
    const file = getCatalogForFile(relative(linguiConfig.rootDir ?? '', poFile(locale)), await getCatalogs(linguiConfig));
    if (!file) throw new Error(`No Lingui catalog for ${locale}`);
    const { messages } = await file.catalog.getTranslations(locale, {
      fallbackLocales: linguiConfig.fallbackLocales || {},
      sourceLocale: linguiConfig.sourceLocale ?? 'en',
    });
    const { source } = createCompiledCatalog(locale, messages, { namespace: 'json' });
    return (JSON.parse(source) as { messages: Record<string, unknown> }).messages;
  }

  return {
    name: 'admitone-public-catalogs',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      if (!id.startsWith(PUBLIC_CATALOG)) return null;
      const rest = id.slice(PUBLIC_CATALOG.length);
      return rest.startsWith('deep/') ? `\0public-messages-deep-${rest.slice(5)}` : `\0public-messages-${rest}`;
    },
    async load(id, options) {
      if (!id.startsWith('\0public-messages-')) return null;
      const deep = id.startsWith('\0public-messages-deep-');
      const locale = id.slice(deep ? '\0public-messages-deep-'.length : '\0public-messages-'.length);
      if (serve || options?.ssr) return deep ? 'export const messages = {};' : `export { messages } from ${JSON.stringify(poFile(locale))};`;
      if (!compiled.has(locale)) compiled.set(locale, await compile(locale));
      return `export const messages = JSON.parse(__ADMITONE_PUBLIC_CATALOG__("${deep ? 'deep' : 'first'}", ${JSON.stringify(locale)}));`;
    },
    transform(code, id) {
      if (serve || id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0]!)) return null;
      const ids = [...code.matchAll(MESSAGE_ID)].map((m) => m[1]!);
      if (ids.length) idsByModule.set(id, ids);
      return null;
    },
    renderChunk(code) {
      if (!code.includes('__ADMITONE_PUBLIC_CATALOG__(')) return null;
      const entry = [...this.getModuleIds()].find((id) => id.endsWith(PUBLIC_ENTRY));
      const collect = (withDynamic: boolean) => {
        const used = new Set<string>();
        const seen = new Set<string>();
        const queue = entry ? [entry] : [];
        while (queue.length) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const messageId of idsByModule.get(id) ?? []) used.add(messageId);
          const info = this.getModuleInfo(id);
          queue.push(...(info?.importedIds ?? []), ...(withDynamic ? (info?.dynamicallyImportedIds ?? []) : []));
        }
        return used;
      };
      const first = collect(false);
      const all = collect(true);
      return code.replace(PLACEHOLDER, (_, kind: string, locale: string) => {
        const keep = (key: string) => (kind === 'first' ? first.has(key) : all.has(key) && !first.has(key));
        const picked = Object.fromEntries(Object.entries(compiled.get(locale) ?? {}).filter(([key]) => keep(key)));
        return JSON.stringify(JSON.stringify(picked));
      });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [linguiMacro(), lingui({ configPath: linguiConfigPath }), react(), publicCatalogs()],
  define: { __ADMITONE_COMPILE_MESSAGES__: JSON.stringify(Boolean(process.env.LINGUI_KEEP_MESSAGES)) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The organizer app and the buyer app (public.html): buyers never download organizer code.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        public: fileURLToPath(new URL('public.html', import.meta.url)),
      },
    },
  },
  // The SSR bundle (`vite build --ssr src/public/ssr.tsx`) compiles the workspace package's TypeScript.
  ssr: { noExternal: ['@admitone/shared'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
