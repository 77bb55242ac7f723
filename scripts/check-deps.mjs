// Each workspace declares exactly what it imports: a package imported by a workspace's code must be
// in that workspace's package.json (or the root's devDependencies, which every workspace shares),
// and a package a workspace declares must be imported by its code, unless it is listed in
// USED_WITHOUT_IMPORT with the reason. `npm run lint` runs this; exit code 1 on a mismatch.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Packages a workspace declares that its code never imports, with how they are used.
 * Keyed by workspace folder, then package name.
 * @type {Record<string, Record<string, string>>}
 */
export const USED_WITHOUT_IMPORT = {
  'packages/robonomics': {
    '@polkadot/util':
      'peer dependency of @polkadot/keyring and @polkadot/util-crypto (test vectors)',
  },
  'packages/devnet': {
    '@openzeppelin/contracts': 'Solidity sources src/evm/compile.ts finds with require.resolve',
  },
  'apps/web': {
    jsdom: 'the DOM of the unit tests (the vitest environment)',
    'workbox-build': "vite-plugin-pwa's peer dependency: it builds the service worker",
    'workbox-window': "vite-plugin-pwa's peer dependency: virtual:pwa-register runs on it",
  },
};

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const BUILTIN = new Set(builtinModules);

/** @param {string} dir @returns {string[]} */
function listSources(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/**
 * The package an import specifier names, or null for relative paths, Node built-ins and
 * aliases.
 * @param {string} spec
 */
export function packageOf(spec) {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return null;
  if (spec.startsWith('virtual:') || spec.startsWith('~')) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (BUILTIN.has(name)) return null;
  return name;
}

/** @param {string} path @returns {Record<string, any>} */
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The packages each workspace imports but does not declare, and declares but does not import.
 * @param {string} root the repository root
 * @param {Record<string, Record<string, string>>} usedWithoutImport
 */
export function checkDeps(root, usedWithoutImport = USED_WITHOUT_IMPORT) {
  const rootPkg = readJson(join(root, 'package.json'));
  const shared = new Set(Object.keys(rootPkg.devDependencies ?? {}));
  /** @type {string[]} */
  const undeclared = [];
  /** @type {string[]} */
  const unused = [];
  for (const workspace of rootPkg.workspaces ?? []) {
    const pkg = readJson(join(root, workspace, 'package.json'));
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.devDependencies ?? {}),
    ]);
    /** @type {Map<string, string>} package → first file importing it */
    const imported = new Map();
    for (const file of listSources(join(root, workspace))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const specs = [
        ...info.importedFiles.map((entry) => entry.fileName),
        ...info.typeReferenceDirectives.map((entry) => entry.fileName),
      ];
      for (const spec of specs) {
        const name = packageOf(spec);
        if (name && name !== pkg.name && !imported.has(name)) {
          imported.set(name, file.slice(root.length).replace(/^[/\\]/, ''));
        }
      }
    }
    for (const [name, file] of imported) {
      if (!declared.has(name) && !shared.has(name)) {
        undeclared.push(`${workspace}: ${name} (imported by ${file}) is not in its package.json`);
      }
    }
    const allowed = usedWithoutImport[workspace] ?? {};
    for (const name of Object.keys(allowed)) {
      if (!declared.has(name) || imported.has(name)) {
        unused.push(
          `${workspace}: ${name} is listed in USED_WITHOUT_IMPORT but no longer needs to be`,
        );
      }
    }
    for (const name of declared) {
      if (imported.has(name) || name in allowed) continue;
      // A types package counts as used when the package it types is imported.
      const typed = name.startsWith('@types/')
        ? name.slice(7).replace(/^(.+)__(.+)$/, '@$1/$2')
        : '';
      if (typed && imported.has(typed)) continue;
      unused.push(`${workspace}: ${name} is declared but never imported`);
    }
  }
  return { undeclared, unused };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { undeclared, unused } = checkDeps(root);
  for (const line of [...undeclared, ...unused]) console.error(`dependency: ${line}`);
  if (undeclared.length || unused.length) process.exit(1);
  console.log(
    'dependencies: every workspace declares what it imports and imports what it declares',
  );
}
