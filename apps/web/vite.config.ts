import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { transformAsync } from '@babel/core';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SIGN_IN_PAGES } from './src/app/sign-in-pages.js';

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
const SIGN_IN_CATALOG = 'virtual:admitone-app-catalog/sign-in/';
const PUBLIC_ENTRY = '/src/public/main.tsx';
const APP_ENTRY = '/src/app/main.tsx';
const SIGN_IN_MODULES = new RegExp(`/src/app/routes/(${SIGN_IN_PAGES.join('|')})\\.tsx$`);
const MESSAGE_ID = /\bid:\s*"([^"\\]+)"/g;
const PLACEHOLDER = /__ADMITONE_PUBLIC_CATALOG__\("(first|deep|sign-in)", "([^"]+)"\)/g;

/**
 * Language catalogs holding only the messages some pages use:
 * - the buyer app's: `virtual:admitone-public-catalog/<locale>` has those of the modules the first page
 *   loads (static imports of the entry), `.../deep/<locale>` those of the lazily loaded pages (checkout,
 *   tickets);
 * - the organizer app's sign-in screens (app/sign-in-pages.ts): `virtual:admitone-app-catalog/sign-in/<locale>`
 *   has those of the app's first load and of those screens with all they load.
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
      if (id.startsWith(SIGN_IN_CATALOG)) return `\0public-messages-sign-in-${id.slice(SIGN_IN_CATALOG.length)}`;
      if (!id.startsWith(PUBLIC_CATALOG)) return null;
      const rest = id.slice(PUBLIC_CATALOG.length);
      return rest.startsWith('deep/') ? `\0public-messages-deep-${rest.slice(5)}` : `\0public-messages-${rest}`;
    },
    async load(id, options) {
      if (!id.startsWith('\0public-messages-')) return null;
      const kind = id.startsWith('\0public-messages-deep-') ? 'deep' : id.startsWith('\0public-messages-sign-in-') ? 'sign-in' : 'first';
      const locale = id.slice(kind === 'first' ? '\0public-messages-'.length : `\0public-messages-${kind}-`.length);
      if (serve || options?.ssr) return kind === 'deep' ? 'export const messages = {};' : `export { messages } from ${JSON.stringify(poFile(locale))};`;
      if (!compiled.has(locale)) compiled.set(locale, await compile(locale));
      return `export const messages = JSON.parse(__ADMITONE_PUBLIC_CATALOG__("${kind}", ${JSON.stringify(locale)}));`;
    },
    transform(code, id) {
      if (serve || id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0]!)) return null;
      const ids = [...code.matchAll(MESSAGE_ID)].map((m) => m[1]!);
      if (ids.length) idsByModule.set(id, ids);
      return null;
    },
    renderChunk(code) {
      if (!code.includes('__ADMITONE_PUBLIC_CATALOG__(')) return null;
      const ids = [...this.getModuleIds()];
      const collect = (roots: string[], withDynamic: boolean, used = new Set<string>()) => {
        const seen = new Set<string>();
        const queue = [...roots];
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
      const buyerEntry = ids.filter((id) => id.endsWith(PUBLIC_ENTRY));
      const first = collect(buyerEntry, false);
      const all = collect(buyerEntry, true);
      const signIn = collect(
        ids.filter((id) => SIGN_IN_MODULES.test(id)),
        true,
        collect(
          ids.filter((id) => id.endsWith(APP_ENTRY)),
          false,
        ),
      );
      return code.replace(PLACEHOLDER, (_, kind: string, locale: string) => {
        const keep = (key: string) => (kind === 'sign-in' ? signIn.has(key) : kind === 'first' ? first.has(key) : all.has(key) && !first.has(key));
        const picked = Object.fromEntries(Object.entries(compiled.get(locale) ?? {}).filter(([key]) => keep(key)));
        return JSON.stringify(JSON.stringify(picked));
      });
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|xml|wasm)$/;

/**
 * Fails the build when one app's start chunk (it holds that app's entry module, which boots the app)
 * could be loaded by the other app, even lazily: the chunk groups above must keep them apart.
 */
function appsApart(): Plugin {
  return {
    name: 'admitone-apps-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const reach = (facade: string) => {
        const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId === facade);
        const from = new Map<string, string>();
        const queue = entry ? [entry.fileName] : [];
        if (entry) from.set(entry.fileName, '');
        while (queue.length) {
          const file = queue.shift()!;
          for (const next of [...(chunks.get(file)?.imports ?? []), ...(chunks.get(file)?.dynamicImports ?? [])]) {
            if (from.has(next)) continue;
            from.set(next, file);
            queue.push(next);
          }
        }
        const path = (file: string): string => (from.get(file) ? `${path(from.get(file)!)} -> ${file}` : file);
        return [...from.keys()].map((file) => ({ ...chunks.get(file)!, path: path(file) }));
      };
      const holds = (needle: RegExp) => (c: { moduleIds: readonly string[] }) => c.moduleIds.some((id) => needle.test(id));
      if (!chunks.size || this.environment?.config.build.ssr) return;
      const appMain = /[\\/]src[\\/]app[\\/]main\.tsx$/;
      const buyerMain = /[\\/]src[\\/]public[\\/]main\.tsx$/;
      const wrong = [...reach(ENTRIES.buyer).filter(holds(appMain)), ...reach(ENTRIES.app).filter(holds(buyerMain))];
      if (wrong.length) this.error(`${wrong.map((c) => c.path).join(', ')} would start one app inside the other: check the chunk groups in vite.config.ts`);
    },
  };
}

/**
 * Compresses every text file of the browser build once, beside it: `x.br` (brotli 11) and `x.gz`
 * (gzip 9). The server sends those as they are (`@fastify/static` `preCompressed`), so no request
 * pays for compression. A file whose compressed form is not smaller is left alone. Not for the
 * server-rendering build (dist-ssr), which no browser downloads.
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'admitone-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile() && COMPRESSIBLE.test(f.name)).map((f) => join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const wasm = file.endsWith('.wasm');
          const [b, g] = await Promise.all([
            // The check-in scanner's WebAssembly (1 MiB): quality 9 (0.7 s; 11 takes 15 s for 12 % less).
            br(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: wasm ? 9 : 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length, [zlib.BROTLI_PARAM_MODE]: wasm ? zlib.BROTLI_MODE_GENERIC : zlib.BROTLI_MODE_TEXT } }),
            gz(raw, { level: 9 }),
          ]);
          if (b.length < raw.length) await writeFile(`${file}.br`, b);
          if (g.length < raw.length) await writeFile(`${file}.gz`, g);
        }),
      );
    },
  };
}

const ENTRIES = {
  app: fileURLToPath(new URL('index.html', import.meta.url)),
  buyer: fileURLToPath(new URL('public.html', import.meta.url)),
};

/**
 * The first load of each app (what its entry imports statically, before anything else runs), sorted
 * once the module graph is complete into the chunk groups below:
 * - `both`: in both apps' first load;
 * - `buyerShared` / `appShared`: in one app's first load and used later by the other (lazily);
 * - `buyer` / `app`: in one app's first load, never used by the other (each app's entry module too:
 *   such a chunk is only ever loaded by its own app, so it can never start the other).
 */
const firstLoad = { both: new Set<string>(), buyerShared: new Set<string>(), appShared: new Set<string>(), buyer: new Set<string>(), app: new Set<string>(), signIn: new Set<string>() };
const BUYER_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]public[\\/]/;
function firstLoadModules(): Plugin {
  return {
    name: 'admitone-first-load',
    apply: 'build',
    buildEnd() {
      const closure = (root: string, lazy: boolean) => {
        const seen = new Set<string>();
        const queue = [root];
        while (queue.length) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          queue.push(...(info?.importedIds ?? []), ...(lazy ? (info?.dynamicallyImportedIds ?? []) : []));
        }
        return seen;
      };
      const [app, buyer, appAll, buyerAll] = [closure(ENTRIES.app, false), closure(ENTRIES.buyer, false), closure(ENTRIES.app, true), closure(ENTRIES.buyer, true)];
      // Pages loaded through import.meta.glob (deep-pages.ts) do not show as dynamic imports here.
      for (const id of this.getModuleIds()) if (BUYER_SOURCE.test(id) && !buyerAll.has(id)) for (const dep of closure(id, true)) buyerAll.add(dep);
      for (const set of Object.values(firstLoad)) set.clear();
      for (const id of app) (buyer.has(id) ? firstLoad.both : buyerAll.has(id) ? firstLoad.appShared : firstLoad.app).add(id);
      for (const id of buyer) if (!app.has(id)) (appAll.has(id) ? firstLoad.buyerShared : firstLoad.buyer).add(id);
      // The sign-in screens' own code (what they import that the app's first load does not hold), in one
      // file: the login page is most visitors' first page. Not what the buyer app uses.
      for (const route of this.getModuleIds()) {
        if (!SIGN_IN_MODULES.test(route)) continue;
        for (const id of closure(route, false)) if (!app.has(id) && !buyerAll.has(id)) firstLoad.signIn.add(id);
      }
      // A module goes into a group's file with everything it imports: only those whose imports all stay
      // inside the group or the app's first load, so the buyer app never loads the file.
      for (let changed = true; changed; ) {
        changed = false;
        for (const id of firstLoad.signIn) {
          if ((this.getModuleInfo(id)?.importedIds ?? []).every((dep) => firstLoad.signIn.has(dep) || app.has(dep))) continue;
          firstLoad.signIn.delete(id);
          changed = true;
        }
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [linguiMacro(), lingui({ configPath: linguiConfigPath }), react(), publicCatalogs(), firstLoadModules(), appsApart(), precompress()],
  define: { __ADMITONE_COMPILE_MESSAGES__: JSON.stringify(Boolean(process.env.LINGUI_KEEP_MESSAGES)) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The organizer app and the buyer app (public.html): buyers never download organizer code.
      input: { index: ENTRIES.app, public: ENTRIES.buyer },
      // Not into an entry: the buyer app would download the organizer app's first chunk.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // Few requests for a first visit: on a slow mobile network every file costs a round trip and
        // ~1 KiB of headers. What an entry loads before anything else (its static imports) becomes one
        // file per set of entries using it (see firstLoadModules). Later pages keep their own lazily
        // loaded files.
        codeSplitting: {
          groups: [
            { name: 'start', test: (id) => firstLoad.both.has(id), tags: ['$initial'], priority: 5 },
            { name: 'buyer-shared', test: (id) => firstLoad.buyerShared.has(id), tags: ['$initial'], priority: 4 },
            { name: 'app-shared', test: (id) => firstLoad.appShared.has(id), tags: ['$initial'], priority: 4 },
            { name: 'buyer-start', test: (id) => firstLoad.buyer.has(id), tags: ['$initial'], priority: 3 },
            { name: 'app-start', test: (id) => firstLoad.app.has(id), tags: ['$initial'], priority: 3 },
            { name: 'sign-in', test: (id) => firstLoad.signIn.has(id), priority: 2 },
          ],
        },
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
