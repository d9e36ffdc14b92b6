import path from 'node:path';

import type { PluginContext } from 'rolldown';

/**
 * What a module loads, for sorting modules into the chunk groups of vite.config.ts: everything it
 * imports, and what that imports, except that through a barrel (a package's index that only imports
 * and re-exports, such as `@mantine/core`'s or `@tabler/icons-react`'s) only the modules behind the
 * names it takes are followed. Walked plainly, every app importing one Mantine component would seem to
 * load all of Mantine, and a component only one app shows at first would be put with what every app
 * loads (the bundler keeps only what is used, but in the file of the group it was put in).
 */

type ModuleInfoOf = PluginContext['getModuleInfo'];
type Resolve = (specifier: string, importer: string) => Promise<string | null>;

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const IMPORT_NAMED = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g;
const IMPORT_DEFAULT = /import\s+([\w$]+)\s*(?:,\s*\{([^}]*)\})?\s*from\s*["']([^"']+)["'];?/g;
const IMPORT_NAMESPACE = /import\s*\*\s*as\s+([\w$]+)\s*from\s*["']([^"']+)["'];?/g;
const EXPORT_FROM = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g;
const EXPORT_STAR = /export\s*\*\s*(?:as\s+[\w$]+\s*)?from\s*["']([^"']+)["'];?/g;
const EXPORT_LIST = /export\s*\{([^}]*)\};?/g;

/** `a, b as c, default as d` → [[imported, local], ...]. */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return [imported!.trim(), (local ?? imported)!.trim()] as const;
    });

/**
 * A barrel's exported names and the module each comes from (`*`: modules of `export *`); null when the module is not a
 * barrel.
 */
function barrelExports(code: string, id: string): Map<string, string[]> | null {
  const body = code.replace(COMMENTS, '');
  const rest = body
    .replace(IMPORT_NAMED, '')
    .replace(IMPORT_NAMESPACE, '')
    .replace(EXPORT_FROM, '')
    .replace(EXPORT_STAR, '')
    .replace(EXPORT_LIST, '')
    .replace(/["']use strict["'];?/g, '');
  if (rest.trim() || !/export/.test(body)) return null;
  const file = (spec: string) => (spec.startsWith('.') ? path.resolve(path.dirname(id), spec) : null);
  const locals = new Map<string, string>();
  for (const [, list, spec] of body.matchAll(IMPORT_NAMED))
    for (const [, local] of specifiers(list!)) if (file(spec!)) locals.set(local, file(spec!)!);
  for (const [, local, spec] of body.matchAll(IMPORT_NAMESPACE)) if (file(spec!)) locals.set(local!, file(spec!)!);
  const exports = new Map<string, string[]>();
  for (const [, list, spec] of body.matchAll(EXPORT_FROM))
    for (const [, exported] of specifiers(list!)) if (file(spec!)) exports.set(exported, [file(spec!)!]);
  for (const [, list] of body.replace(EXPORT_FROM, '').matchAll(EXPORT_LIST)) {
    for (const [local, exported] of specifiers(list!))
      if (locals.has(local)) exports.set(exported, [locals.get(local)!]);
  }
  const stars = [...body.matchAll(EXPORT_STAR)].flatMap(([, spec]) => (file(spec!) ? [file(spec!)!] : []));
  if (stars.length) exports.set('*', stars);
  return exports;
}

/** The names a module imports (or re-exports) from each specifier; `*` for a namespace or `export *`. */
function importedNames(code: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const add = (spec: string, name: string) => names.set(spec, (names.get(spec) ?? new Set()).add(name));
  for (const [, list, spec] of code.matchAll(IMPORT_NAMED))
    for (const [imported] of specifiers(list!)) add(spec!, imported);
  for (const [, , list, spec] of code.matchAll(IMPORT_DEFAULT)) {
    add(spec!, 'default');
    if (list) for (const [imported] of specifiers(list)) add(spec!, imported);
  }
  for (const [, list, spec] of code.matchAll(EXPORT_FROM))
    for (const [imported] of specifiers(list!)) add(spec!, imported);
  for (const [, , spec] of code.matchAll(IMPORT_NAMESPACE)) add(spec!, '*');
  for (const [, spec] of code.matchAll(EXPORT_STAR)) add(spec!, '*');
  return names;
}

/**
 * A function answering the closure of a root module: statically imported modules only (`lazy`: dynamic
 * imports too), through barrels by name. Prepared once per build (it reads the code of every module).
 */
export async function moduleClosures(getModuleInfo: ModuleInfoOf, moduleIds: Iterable<string>, resolve: Resolve) {
  const barrels = new Map<string, Map<string, string[]>>();
  const ids = [...moduleIds];
  for (const id of ids) {
    const info = getModuleInfo(id);
    if (!info?.code || info.importedIds.length < 2) continue;
    const exports = barrelExports(info.code, id);
    if (exports) barrels.set(id, exports);
  }
  // For each module importing a barrel: the barrel's modules behind the names it takes (null: all of it).
  const throughBarrel = new Map<string, Map<string, Set<string> | null>>();
  for (const id of ids) {
    const info = getModuleInfo(id);
    if (!info?.code || !info.importedIds.some((dep) => barrels.has(dep))) continue;
    const taken = new Map<string, Set<string> | null>();
    for (const [spec, names] of importedNames(info.code)) {
      const target = await resolve(spec, id);
      if (!target || !barrels.has(target)) continue;
      const exports = barrels.get(target)!;
      const modules = taken.get(target) === null ? null : (taken.get(target) ?? new Set<string>());
      if (modules === null || names.has('*')) {
        taken.set(target, null);
        continue;
      }
      // A name not listed (it may come through an `export *`): the whole barrel.
      let all = false;
      for (const name of names) {
        const from = exports.get(name);
        if (!from) all = true;
        else for (const m of from) modules.add(m);
      }
      taken.set(target, all ? null : modules);
    }
    throughBarrel.set(id, taken);
  }

  return (root: string, lazy: boolean): Set<string> => {
    const seen = new Set<string>();
    const queue = [root];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = getModuleInfo(id);
      if (!info) continue;
      const taken = throughBarrel.get(id);
      for (const dep of info.importedIds) {
        if (!barrels.has(dep)) {
          queue.push(dep);
          continue;
        }
        // The barrel itself (it holds no code), and the modules behind the names taken, else all of it.
        seen.add(dep);
        queue.push(...(taken?.get(dep) ?? getModuleInfo(dep)?.importedIds ?? []));
      }
      if (lazy) queue.push(...info.dynamicallyImportedIds);
    }
    return seen;
  };
}
