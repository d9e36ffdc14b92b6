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

import { moduleClosures } from './build/module-closure.js';

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
        plugins: [
          [
            '@lingui/babel-plugin-lingui-macro',
            { linguiConfig, ...(process.env.LINGUI_KEEP_MESSAGES ? { stripMessageField: false } : {}) },
          ],
        ],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

const PUBLIC_CATALOG = 'virtual:admitone-public-catalog/';
const SIGN_IN_CATALOG = 'virtual:admitone-app-catalog/sign-in/';
const PUBLIC_ENTRY = '/src/public/main.tsx';
const SIGN_IN_ENTRY = '/src/sign-in/main.tsx';
const MESSAGE_ID = /\bid:\s*"([^"\\]+)"/g;
const PLACEHOLDER = /__ADMITONE_PUBLIC_CATALOG__\("(first|deep|sign-in)", "([^"]+)"\)/g;

/**
 * Language catalogs holding only the messages some pages use:
 * - the buyer app's: `virtual:admitone-public-catalog/<locale>` has those of the modules the first page
 *   loads (static imports of the entry), `.../deep/<locale>` those of the lazily loaded pages (checkout,
 *   tickets);
 * - the sign-in app's (src/sign-in/): `virtual:admitone-app-catalog/sign-in/<locale>` has those of every
 *   module it loads, at first or later (it never shows another screen: leaving it loads the organizer app).
 * Each module's message ids are read from its compiled macros; a catalog chunk gets its messages when
 * it is rendered, once the whole module graph is known. In dev, tests and SSR: the full catalog.
 */
function publicCatalogs(): Plugin {
  const idsByModule = new Map<string, string[]>();
  const compiled = new Map<string, Record<string, unknown>>();
  let serve = false;
  const poFile = (locale: string) => fileURLToPath(new URL(`src/locales/${locale}/messages.po`, import.meta.url));

  async function compile(locale: string) {
    const file = getCatalogForFile(
      relative(linguiConfig.rootDir ?? '', poFile(locale)),
      await getCatalogs(linguiConfig),
    );
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
      const kind = id.startsWith('\0public-messages-deep-')
        ? 'deep'
        : id.startsWith('\0public-messages-sign-in-')
          ? 'sign-in'
          : 'first';
      const locale = id.slice(kind === 'first' ? '\0public-messages-'.length : `\0public-messages-${kind}-`.length);
      if (serve || options?.ssr)
        return kind === 'deep'
          ? 'export const messages = {};'
          : `export { messages } from ${JSON.stringify(poFile(locale))};`;
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
        ids.filter((id) => id.endsWith(SIGN_IN_ENTRY)),
        true,
      );
      return code.replace(PLACEHOLDER, (_, kind: string, locale: string) => {
        const keep = (key: string) =>
          kind === 'sign-in' ? signIn.has(key) : kind === 'first' ? first.has(key) : all.has(key) && !first.has(key);
        const picked = Object.fromEntries(Object.entries(compiled.get(locale) ?? {}).filter(([key]) => keep(key)));
        return JSON.stringify(JSON.stringify(picked));
      });
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|xml|wasm)$/;

/**
 * Fails the build when one app's start chunk (it holds that app's entry module, which boots the app)
 * could be loaded by another app, even lazily: the chunk groups below must keep them apart.
 */
function appsApart(): Plugin {
  return {
    name: 'admitone-apps-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
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
      if (!chunks.size || this.environment?.config.build.ssr) return;
      const wrong = APP_NAMES.flatMap((app) =>
        reach(ENTRIES[app]).filter((c) =>
          c.moduleIds.some((id) => APP_NAMES.some((other) => other !== app && id.endsWith(MAINS[other]))),
        ),
      );
      if (wrong.length)
        this.error(
          `${wrong.map((c) => c.path).join(', ')} would start one app inside another: check the chunk groups in vite.config.ts`,
        );
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
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
        .map((f) => join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const wasm = file.endsWith('.wasm');
          const [b, g] = await Promise.all([
            // The check-in scanner's WebAssembly (1 MiB): quality 9 (0.7 s; 11 takes 15 s for 12 % less).
            br(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: wasm ? 9 : 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                [zlib.BROTLI_PARAM_MODE]: wasm ? zlib.BROTLI_MODE_GENERIC : zlib.BROTLI_MODE_TEXT,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          if (b.length < raw.length) await writeFile(`${file}.br`, b);
          if (g.length < raw.length) await writeFile(`${file}.gz`, g);
        }),
      );
    },
  };
}

/** The three apps, each with its own page: organizer (index.html), buyer (public.html), sign-in (signin.html). */
const APP_NAMES = ['app', 'buyer', 'sign-in'] as const;
type AppName = (typeof APP_NAMES)[number];
const ENTRIES: Record<AppName, string> = {
  app: fileURLToPath(new URL('index.html', import.meta.url)),
  buyer: fileURLToPath(new URL('public.html', import.meta.url)),
  'sign-in': fileURLToPath(new URL('signin.html', import.meta.url)),
};
/** The module each app's page starts (it boots that app). */
const MAINS: Record<AppName, string> = { app: '/src/app/main.tsx', buyer: PUBLIC_ENTRY, 'sign-in': SIGN_IN_ENTRY };

/**
 * The chunk group of a module of some app's first load (what its entry imports statically, before
 * anything else runs): one file per set of apps loading it first, so a first visit fetches few files.
 * - `start`: in every app's first load (React, Mantine, Lingui);
 * - `app-sign-in`, `app-buyer`, `buyer-sign-in`: in those two apps' first load;
 * - `<app>-start`: in one app's first load and never used by another (each app's entry module too:
 *   such a file is only ever loaded by its own app, so it can never start another);
 * - `<app>-shared`: in one app's first load and used later by another (lazily).
 */
function groupOf(firstIn: readonly AppName[], usedByOthers: boolean): string {
  if (firstIn.length === APP_NAMES.length) return 'start';
  if (firstIn.length > 1) return firstIn.join('-');
  return `${firstIn[0]}-${usedByOthers ? 'shared' : 'start'}`;
}
/**
 * Every group, in the order the bundler fills them (a group takes along what its modules import, so the
 * groups of more apps come first: a module's imports are in the first load of at least its apps).
 */
const GROUP_NAMES = [
  'start',
  'app-buyer',
  'app-sign-in',
  'buyer-sign-in',
  ...APP_NAMES.map((a) => groupOf([a], true)),
  ...APP_NAMES.map((a) => groupOf([a], false)),
];

/** Each first-load module's group, and the groups another app loads lazily (filled in at buildEnd). */
const firstLoad = { groupOf: new Map<string, string>(), loadedLater: new Set<string>() };
const BUYER_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]public[\\/]/;
function firstLoadModules(): Plugin {
  return {
    name: 'admitone-first-load',
    apply: 'build',
    async buildEnd() {
      const closure = await moduleClosures(
        this.getModuleInfo.bind(this),
        this.getModuleIds(),
        async (spec, importer) => (await this.resolve(spec, importer))?.id ?? null,
      );
      const first = Object.fromEntries(APP_NAMES.map((a) => [a, closure(ENTRIES[a], false)])) as Record<
        AppName,
        Set<string>
      >;
      const all = Object.fromEntries(APP_NAMES.map((a) => [a, closure(ENTRIES[a], true)])) as Record<
        AppName,
        Set<string>
      >;
      // Pages loaded through import.meta.glob (deep-pages.ts) do not show as dynamic imports here.
      for (const id of this.getModuleIds())
        if (BUYER_SOURCE.test(id) && !all.buyer.has(id)) for (const dep of closure(id, true)) all.buyer.add(dep);
      firstLoad.groupOf.clear();
      firstLoad.loadedLater.clear();
      for (const id of new Set(APP_NAMES.flatMap((a) => [...first[a]]))) {
        const firstIn = APP_NAMES.filter((a) => first[a].has(id));
        const usedByOthers = APP_NAMES.some((a) => !firstIn.includes(a) && all[a].has(id));
        const group = groupOf(firstIn, usedByOthers);
        firstLoad.groupOf.set(id, group);
        if (usedByOthers) firstLoad.loadedLater.add(group);
      }
    },
  };
}

/**
 * Keeps the style sheets of the first load out of the lists of files a lazily loaded page fetches
 * before it runs: every page of the apps loading them has them already, linked from its HTML or inline
 * (the server puts the buyer's first style sheets into the event page itself, which spares a phone a
 * round trip before its first paint). Left in, a lazy page would link them again after its own style
 * sheets, and their rules would win over the page's where both set the same thing. Not for a group
 * another app loads later (that app's page does not link it). Runs after the HTML files got their
 * links and before Vite writes each lazy import's list of files.
 */
function firstCssNotRefetched(): Plugin {
  return {
    name: 'admitone-first-css-not-refetched',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (this.environment?.config.build.ssr) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !GROUP_NAMES.includes(chunk.name) || firstLoad.loadedLater.has(chunk.name))
          continue;
        chunk.viteMetadata?.importedCss.clear();
      }
    },
  };
}

/**
 * `npm run dev`: the sign-in screens from their own page (signin.html), as the server sends them; the
 * Vite server would otherwise answer every address with the organizer app's index.html.
 */
function devSignInPage(): Plugin {
  return {
    name: 'admitone-dev-sign-in-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = req.url?.split('?')[0] ?? '';
        if (pathname === '/auth' || pathname.startsWith('/auth/')) req.url = '/signin.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    linguiMacro(),
    lingui({ configPath: linguiConfigPath }),
    react(),
    publicCatalogs(),
    firstLoadModules(),
    appsApart(),
    firstCssNotRefetched(),
    precompress(),
    devSignInPage(),
  ],
  define: { __ADMITONE_COMPILE_MESSAGES__: JSON.stringify(Boolean(process.env.LINGUI_KEEP_MESSAGES)) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The organizer app, the buyer app (public.html) and the sign-in app (signin.html): buyers never
      // download organizer code, and the login page only its own screens.
      input: { index: ENTRIES.app, public: ENTRIES.buyer, signin: ENTRIES['sign-in'] },
      // Not into an entry: the buyer app would download the organizer app's first chunk.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // Few requests for a first visit: on a slow mobile network every file costs a round trip and
        // ~1 KiB of headers. What an entry loads before anything else (its static imports) becomes one
        // file per set of apps using it (see groupOf). Later pages keep their own lazily loaded files.
        codeSplitting: {
          groups: GROUP_NAMES.map((name, i) => ({
            name,
            test: (id: string) => firstLoad.groupOf.get(id) === name,
            tags: ['$initial'],
            priority: GROUP_NAMES.length - i,
          })),
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
