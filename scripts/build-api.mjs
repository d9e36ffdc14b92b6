// Second half of `npm run build` (after the web app): compiles the API's entry points into plain
// JavaScript under apps/api/dist, which `npm start` (scripts/start.mjs) runs with node alone.
//   - server.js, worker.js, stock-check.js, seed.js: one ES module each, with the app's own code and
//     @admitone/shared bundled in; every other package stays an import from node_modules.
//     render-thread.js beside them: the mail render threads' entry (mail/render-pool.ts starts
//     `./render-thread.js` next to the bundle that imports it).
//   - Files the API reads at run time beside its sources (SQL migrations, .po catalogs: every file
//     under apps/api/src that is not TypeScript) are copied to the same place under dist, and each
//     module's `import.meta.dirname` is rewritten to its folder's twin under dist, so
//     `path.resolve(import.meta.dirname, 'migrations')` finds dist/db/migrations wherever dist is.
//   - Source maps (.js.map) for stack traces that name the TypeScript lines.
//   - Fails when the bundles import a package that is not a production dependency of apps/api or
//     packages/shared: `npm ci --omit=dev` (the container) would not install it.
//   - dist/build.json last: scripts/start.mjs compares its time with the sources'.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'apps/api/src');
const dist = path.join(root, 'apps/api/dist');
const renderThread = path.join(src, 'mail/render-thread.ts');
const entryPoints = {
  server: path.join(src, 'server.ts'),
  worker: path.join(src, 'worker.ts'),
  'stock-check': path.join(src, 'stock-check.ts'),
  seed: path.join(src, 'seed/run-seed.ts'),
  // Sources from before the render threads have none.
  ...(existsSync(renderThread) ? { 'render-thread': renderThread } : {}),
};
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);
const toPosix = (p) => p.split(path.sep).join('/');

/** Bundles the workspace's own code (relative imports, @admitone/*); leaves every other package to node_modules. */
const externalPackages = {
  name: 'admitone-external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || path.isAbsolute(args.path) || args.path.startsWith('@admitone/'))
        return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The bundles sit at the top of dist: a module from apps/api/src/<dir> sees dist/<dir> as its dirname. */
const dirnameOfSource = {
  name: 'admitone-dirname-of-source',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      if (!code.includes('import.meta.dirname') && !code.includes('import.meta.filename')) return undefined;
      const rel = toPosix(path.relative(src, path.dirname(args.path)));
      if (rel.startsWith('..') || code.includes('import.meta.filename')) {
        throw new Error(
          `${path.relative(root, args.path)}: import.meta.dirname/filename outside apps/api/src (or filename) has no place in the compiled build`,
        );
      }
      const expr = rel ? `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})` : 'import.meta.dirname';
      return { contents: code.replaceAll('import.meta.dirname', expr), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Every non-TypeScript file under apps/api/src (tests aside), copied to the same place under dist. */
function copyRuntimeFiles(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const from = path.join(dir, entry.name);
    if (entry.isDirectory()) n += copyRuntimeFiles(from);
    else if (!/\.[cm]?tsx?$/.test(entry.name) && !isTest(entry.name)) {
      const to = path.join(dist, path.relative(src, from));
      mkdirSync(path.dirname(to), { recursive: true });
      cpSync(from, to);
      n += 1;
    }
  }
  return n;
}

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
const result = await build({
  entryPoints,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  sourcesContent: false,
  tsconfig: path.join(root, 'apps/api/tsconfig.json'),
  plugins: [externalPackages, dirnameOfSource],
  metafile: true,
  logLevel: 'warning',
});

/** Packages the bundles import at run time that `npm ci --omit=dev` would not install. */
function missingProductionDependencies(metafile) {
  const declared = new Set(
    ['apps/api/package.json', 'packages/shared/package.json'].flatMap((f) =>
      Object.keys(JSON.parse(readFileSync(path.join(root, f), 'utf8')).dependencies ?? {}),
    ),
  );
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      if (!declared.has(name)) missing.add(name);
    }
  }
  return [...missing];
}

const missing = missingProductionDependencies(result.metafile);
if (missing.length) {
  console.error(
    `The API imports ${missing.join(', ')} at run time: add ${missing.length > 1 ? 'them' : 'it'} to "dependencies" of apps/api/package.json (not devDependencies).`,
  );
  process.exit(1);
}
const files = copyRuntimeFiles(src);
writeFileSync(
  path.join(dist, 'build.json'),
  `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.version, entries: Object.keys(entryPoints) }, null, 2)}\n`,
);
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
console.log(
  `API built into apps/api/dist in ${((performance.now() - started) / 1000).toFixed(1)} s: ${outputs.map(([file, o]) => `${path.basename(file)} ${kib(o.bytes)}`).join(', ')}; ${files} run-time files copied`,
);
