// The import rules of docs/architecture.md, checked on the import graph: features never import
// each other or app/; lib and components never import features or app/, and every lib file lives
// in one of lib's named folders; the page's first script (first-data/) imports only lib/ and the
// first reads of packages/robonomics, and only the user key and the chain store import it;
// packages/robonomics imports neither React nor an app; packages/devnet never imports an app, and
// inside it each folder imports its own layer and those below (ground, chain engine, services,
// levers, command line; inside the chain engine: runtime, pallets and blocks, node, RPC), and
// only its command line lives at the top of its src/; no import cycles, type-only imports
// included. `npm run lint` runs this after Biome; exit code 1 on a
// violation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folders whose sources are checked, relative to the repository root. */
export const SOURCE_ROOTS = ['apps/web/src', 'packages/robonomics/src', 'packages/devnet/src'];

/**
 * Imports that break a rule today and are being removed elsewhere; each names why it is here.
 * Keep this empty whenever possible.
 * @type {Record<string, string>}
 */
export const KNOWN_EXCEPTIONS = {};

/**
 * Type-only cycles accepted for now, each with why it stays; an entry is the cycle's files
 * joined by ' <-> ', sorted. Keep this empty whenever possible.
 * @type {Record<string, string>}
 */
export const KNOWN_CYCLES = {};

const WORKSPACES = {
  '@robonomics-dapp/robonomics/': 'packages/robonomics/src/',
  '@robonomics-dapp/devnet/': 'packages/devnet/src/',
};

const REACT = /^(react|react-dom)(\/|$)|^@tanstack\/react-|^react-router/;

/** @param {string} dir @returns {string[]} */
function listSources(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'generated') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** @param {string} base @returns {string | null} */
function withExtension(base) {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Where an import leads: a repository file (relative to root), or a package name. The export
 * check (`check-exports.mjs`) resolves imports with it too.
 * @param {string} root @param {string} fromFile absolute @param {string} spec
 * @returns {{ file: string } | { pkg: string }}
 */
export function resolveImport(root, fromFile, spec) {
  if (spec.startsWith('.')) {
    const found = withExtension(resolve(dirname(fromFile), spec));
    return found ? { file: toPosix(relative(root, found)) } : { pkg: spec };
  }
  for (const [prefix, folder] of Object.entries(WORKSPACES)) {
    if (spec.startsWith(prefix)) {
      const found = withExtension(join(root, folder, spec.slice(prefix.length)));
      if (found) return { file: toPosix(relative(root, found)) };
    }
  }
  return { pkg: spec };
}

/** @param {string} path */
const toPosix = (path) => path.split(sep).join('/');

/**
 * The zone a repository file belongs to.
 * @param {string} file relative, posix
 */
export function zoneOf(file) {
  const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  if (feature) return `feature:${feature[1]}`;
  if (file.startsWith('apps/web/src/app/')) return 'app';
  if (file.startsWith('apps/web/src/first-data/')) return 'first-data';
  if (file.startsWith('apps/web/src/lib/')) return 'lib';
  if (file.startsWith('apps/web/src/components/')) return 'components';
  if (file.startsWith('apps/')) return 'apps';
  if (file.startsWith('packages/robonomics/')) return 'robonomics';
  if (file.startsWith('packages/devnet/')) return 'devnet';
  return 'other';
}

/** The folders of apps/web/src/lib (docs/architecture.md, "Where things live"). */
export const LIB_FOLDERS = [
  'actions',
  'chain',
  'files',
  'reminders',
  'shell',
  'storage',
  'stores',
  'time',
  'user-key',
  'wallet',
];

/** The only files outside first-data/ that import it: they take what the first script left. */
export const FIRST_DATA_IMPORTERS = [
  'apps/web/src/lib/user-key/',
  'apps/web/src/lib/stores/chain-store.ts',
];

/**
 * What the page's first script may import from packages/robonomics: its first reads, and the
 * metadata cache's key and kept runtime (the reads check the runtime they were built for).
 */
export const FIRST_DATA_PACKAGE_PATHS = [
  'packages/robonomics/src/chain/connection/first-data/',
  'packages/robonomics/src/chain/metadata/cache.ts',
  'packages/robonomics/src/chain/metadata/cache-key.ts',
];

/**
 * The rule a file breaks by where it is, or null: a lib file outside lib's named folders.
 * @param {string} file relative, posix
 */
export function placeBroken(file) {
  const lib = /^apps\/web\/src\/lib\/(.+)$/.exec(file);
  if (!lib) return null;
  const [folder = '', ...rest] = (lib[1] ?? '').split('/');
  return rest.length && LIB_FOLDERS.includes(folder)
    ? null
    : `lib/ files live in one of its folders (${LIB_FOLDERS.join(', ')})`;
}

/**
 * The rule an import into or out of first-data/ breaks, or null.
 * @param {string} from relative, posix @param {{ file: string } | { pkg: string }} to
 */
function firstDataBroken(from, to) {
  const zone = zoneOf(from);
  if (zone === 'first-data') {
    if ('pkg' in to) return 'first-data/ (the inline first script) imports no package directly';
    const target = zoneOf(to.file);
    if (target === 'first-data' || target === 'lib') return null;
    if (FIRST_DATA_PACKAGE_PATHS.some((path) => to.file.startsWith(path))) return null;
    return "first-data/ imports only lib/ and packages/robonomics' first reads";
  }
  if ('file' in to && zoneOf(to.file) === 'first-data') {
    if (FIRST_DATA_IMPORTERS.some((path) => from.startsWith(path))) return null;
    return 'only lib/user-key and the chain store import first-data/';
  }
  return null;
}

/**
 * The devnet's folders by layer, lowest first (docs/architecture.md, "The devnet's folders"): a
 * file imports its own layer and those below, never one above. The ground holds what every
 * service shares; the chain engine sits on it; the services on the chain; the levers (which work
 * the services from outside) on the services; the command line on top. Every folder of src/ not
 * listed here is a service.
 */
export const DEVNET_LAYERS = [
  { name: 'ground', folders: ['common', 'http', 'json-rpc', 'store'] },
  { name: 'chain engine', folders: ['chain'] },
  { name: 'services', folders: [] },
  { name: 'levers', folders: ['levers'] },
];
/** The devnet's top: the command line and the table of services it starts. */
export const DEVNET_TOP_FILES = ['cli.ts', 'services.ts'];
const DEVNET_SERVICES_RANK = 2;

/**
 * The devnet's own layer of a file, lowest first, or null outside the devnet: the ranks of
 * DEVNET_LAYERS, then the command line (DEVNET_TOP_FILES), then the test tools and benchmarks
 * (packages/devnet/test, packages/devnet/scripts). A file at the top of src/ that is not the
 * command line is on no layer: it breaks the rule of where files live (devnetPlaceBroken).
 * @param {string} file relative, posix
 * @returns {{ rank: number, name: string } | null}
 */
export function devnetLayer(file) {
  const match = /^packages\/devnet\/(src|test|scripts)\/(.+)$/.exec(file);
  if (!match) return null;
  const [, folder = '', rest = ''] = match;
  if (folder !== 'src') return { rank: DEVNET_LAYERS.length + 1, name: 'test tools' };
  if (!rest.includes('/')) {
    return DEVNET_TOP_FILES.includes(rest)
      ? { rank: DEVNET_LAYERS.length, name: 'command line' }
      : null;
  }
  const top = rest.split('/')[0] ?? '';
  const rank = DEVNET_LAYERS.findIndex((layer) => layer.folders.includes(top));
  const found = DEVNET_LAYERS[rank < 0 ? DEVNET_SERVICES_RANK : rank];
  return { rank: rank < 0 ? DEVNET_SERVICES_RANK : rank, name: found?.name ?? 'services' };
}

/**
 * The rule a devnet file breaks by where it is, or null: only the command line lives at the top
 * of src/, every other file in a folder of its concern.
 * @param {string} file relative, posix
 */
export function devnetPlaceBroken(file) {
  const loose = /^packages\/devnet\/src\/([^/]+)$/.exec(file);
  if (!loose || DEVNET_TOP_FILES.includes(loose[1] ?? '')) return null;
  return `only ${DEVNET_TOP_FILES.join(' and ')} live at the top of the devnet's src/, every other file in a folder`;
}

/**
 * The chain engine's folders, lowest first: the runtime (its types, codec, storage and weights);
 * the pallets and the blocks, side by side; the node that builds blocks; its JSON-RPC; then the
 * files at the top of chain/ (the service that wires them, the seeded world). A file imports its
 * own folder and lower ones; tests are free.
 */
export const DEVNET_CHAIN_FOLDERS = [['runtime'], ['pallets', 'blocks'], ['node'], ['rpc']];

/**
 * The chain engine's layer of a file, or null outside it.
 * @param {string} file relative, posix
 * @returns {{ rank: number, name: string } | null}
 */
export function devnetChainLayer(file) {
  const match = /^packages\/devnet\/src\/chain\/(.+)$/.exec(file);
  if (!match) return null;
  const parts = (match[1] ?? '').split('/');
  if (parts.length === 1) return { rank: DEVNET_CHAIN_FOLDERS.length, name: '' };
  const name = parts[0] ?? '';
  const rank = DEVNET_CHAIN_FOLDERS.findIndex((folders) => folders.includes(name));
  return { rank: rank < 0 ? DEVNET_CHAIN_FOLDERS.length : rank, name };
}

/**
 * The devnet layer rule an import inside the devnet breaks, or null: a file imports its own
 * layer and those below; test files import any layer, and only they import the test tools.
 * @param {string} from @param {string} to both relative, posix
 */
function devnetLayerBroken(from, to) {
  const isTest = /\.test\.tsx?$/.test(from);
  const source = devnetLayer(from);
  const target = devnetLayer(to);
  if (source && target && target.rank > source.rank && !isTest) {
    if (target.name === 'test tools') return "only tests import the devnet's test tools";
    return `the devnet's ${source.name} never imports its ${target.name}, above it`;
  }
  const sourceChain = devnetChainLayer(from);
  const targetChain = devnetChainLayer(to);
  if (isTest || !sourceChain || !targetChain || sourceChain.name === targetChain.name) return null;
  if (targetChain.rank < sourceChain.rank) return null;
  /** @param {{ name: string }} layer */
  const where = (layer) => (layer.name ? `chain/${layer.name}` : 'the top of chain/');
  return targetChain.rank === sourceChain.rank
    ? `${where(sourceChain)} never imports ${where(targetChain)}, beside it`
    : `${where(sourceChain)} never imports ${where(targetChain)}, above it`;
}

/**
 * The chain library's folders, lowest first (docs/architecture.md, "The chain library"): a file
 * imports its own folder and lower ones only, and queries and subscriptions, side by side, never
 * import each other.
 */
export const CHAIN_FOLDERS = [
  ['model'],
  ['network'],
  ['metadata'],
  ['connection'],
  ['queries', 'subscriptions'],
  ['tx'],
  ['flows'],
];

/**
 * The chain library's layer of a file, or null outside it (the generated bindings are below all).
 * @param {string} file relative, posix
 * @returns {{ rank: number, name: string } | null}
 */
export function chainLayer(file) {
  const match = /^packages\/robonomics\/src\/chain\/([^/]+)\//.exec(file);
  if (!match || match[1] === 'generated') return null;
  const name = match[1] ?? '';
  const rank = CHAIN_FOLDERS.findIndex((folders) => folders.includes(name));
  return rank < 0 ? { rank: CHAIN_FOLDERS.length, name } : { rank, name };
}

/**
 * The chain library's layer rule an import breaks, or null.
 * @param {string} from @param {string} to both relative, posix
 */
export function chainLayerBroken(from, to) {
  if (/\.test\.tsx?$/.test(from)) return null;
  const source = chainLayer(from);
  const target = chainLayer(to);
  if (!source || !target || source.name === target.name) return null;
  if (target.rank < source.rank) return null;
  return target.rank === source.rank
    ? `chain/${source.name} never imports chain/${target.name}, beside it`
    : `chain/${source.name} never imports chain/${target.name}, above it`;
}

/**
 * The rule an import breaks, or null.
 * @param {string} from @param {{ file: string } | { pkg: string }} to
 */
export function ruleBroken(from, to) {
  const zone = zoneOf(from);
  const firstData = firstDataBroken(from, to);
  if (firstData) return firstData;
  if ('pkg' in to) {
    if (zone === 'robonomics' && REACT.test(to.pkg))
      return 'packages/robonomics never imports React';
    return null;
  }
  const target = zoneOf(to.file);
  if (zone.startsWith('feature:')) {
    if (target === 'app') return 'a feature never imports app/';
    if (target.startsWith('feature:') && target !== zone) return 'features never import each other';
  }
  if (
    (zone === 'lib' || zone === 'components') &&
    (target === 'app' || target.startsWith('feature:'))
  )
    return `${zone}/ never imports features or app/`;
  if (
    zone === 'robonomics' &&
    (target.startsWith('feature:') ||
      ['app', 'lib', 'first-data', 'components', 'apps', 'devnet'].includes(target))
  )
    return 'packages/robonomics never imports an app or the devnet';
  if (
    zone === 'devnet' &&
    (target.startsWith('feature:') ||
      ['app', 'lib', 'first-data', 'components', 'apps'].includes(target))
  )
    return 'packages/devnet never imports an app';
  return chainLayerBroken(from, to.file) ?? devnetLayerBroken(from, to.file);
}

/**
 * The import graph of the checked folders, with its rule violations and cycles.
 * @param {string} root the repository root
 * @param {string[]} roots folders to read, relative to root
 */
export function checkImports(root, roots = SOURCE_ROOTS) {
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  /** @type {string[]} */
  const violations = [];
  for (const folder of roots) {
    for (const absolute of listSources(join(root, folder))) {
      const from = toPosix(relative(root, absolute));
      const misplaced = placeBroken(from) ?? devnetPlaceBroken(from);
      if (misplaced && !(from in KNOWN_EXCEPTIONS)) violations.push(`${from}: ${misplaced}`);
      const info = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
      /** @type {string[]} */
      const edges = [];
      for (const { fileName } of info.importedFiles) {
        const to = resolveImport(root, absolute, fileName);
        if ('file' in to) edges.push(to.file);
        const rule = ruleBroken(from, to);
        const key = `${from} -> ${'file' in to ? to.file : to.pkg}`;
        if (rule && !(key in KNOWN_EXCEPTIONS)) violations.push(`${key}: ${rule}`);
      }
      graph.set(from, edges);
    }
  }
  const cycles = findCycles(graph).filter((cycle) => !(cycle.join(' <-> ') in KNOWN_CYCLES));
  return { files: graph.size, violations, cycles };
}

/**
 * Strongly connected components with more than one file (or a file importing itself), each
 * sorted, by Tarjan's algorithm.
 * @param {Map<string, string[]>} graph
 */
export function findCycles(graph) {
  let counter = 0;
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const cycles = [];
  /** @param {string} node */
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      /** @type {string[]} */
      const component = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
        cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { files, violations, cycles } = checkImports(root);
  for (const line of violations) console.error(`import rule broken: ${line}`);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' <-> ')}`);
  if (violations.length || cycles.length) process.exit(1);
  console.log(`imports: ${files} files follow the rules of docs/architecture.md, no cycles`);
}
