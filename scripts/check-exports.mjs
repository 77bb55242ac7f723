// Shared means used: a function, class or constant that a source file exports must be used by the
// code that runs (the app, the library, the devnet, the scripts), not only by tests; otherwise
// the tests prove a rule nothing follows, and the copy that runs can drift from it unseen. Test
// helpers that live beside the code are listed in TEST_TOOLS with the reason. `npm run lint` runs
// this; exit code 1 when an export is used by tests only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Exports that only tests use, on purpose: `path: name` → why.
 * @type {Record<string, string>}
 */
export const TEST_TOOLS = {
  'apps/web/src/lib/chain/live-chain.ts: openLiveCount':
    'how many live subscriptions are open: the tests check that pages close what they open',
  'apps/web/src/features/season-pass/ethereum/eip1193.ts: USER_REJECTED':
    "EIP-1193's refusal code, which the e2e wallet answers with",
  'packages/robonomics/src/chain/metadata/memory-storage.ts: MemoryStorage':
    'the metadata cache in memory, for chain tests that run without a browser',
  'packages/devnet/src/controller/ha-login-client.ts: haLogin':
    "Home Assistant's login flow as a client: tests sign in with a user's password",
  'packages/devnet/src/crust/api-options.ts: CRUST_API_OPTIONS':
    "the Crust chain's types for an independent polkadot.js client in tests",
  'packages/devnet/src/hostile-node.ts: startHostileNode':
    'a node that lies, in front of the devnet: the security tests',
  'packages/devnet/src/hostile-node.ts: withU128Constant':
    "the hostile node's constant patch, which the security tests make",
  'packages/devnet/src/runtime-engine/genesis.ts: aliceAddress':
    "the runtime engine's genesis owner, whom the tests address",
};

/** Where the code that runs lives, and where only tests do. */
const SOURCE_ROOTS = ['apps/web/src', 'packages/robonomics/src', 'packages/devnet/src'];
const OTHER_ROOTS = ['scripts', 'packages/devnet/scripts', 'packages/devnet/test', 'e2e'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** @param {string} file a path relative to the repository */
export function isTestFile(file) {
  return (
    /\.(test|bench)\.(ts|tsx)$/.test(file) ||
    /(^|\/)test-support(\.|-|\/)/.test(file) ||
    file.startsWith('e2e/') ||
    file.startsWith('packages/devnet/test/')
  );
}

/** @param {string} root @param {string} dir @returns {string[]} */
function listSources(root, dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(full)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...listSources(root, path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The identifiers a file uses (each counted), and the names it exports as functions, classes,
 * constants or enums (types are left out: they do not run).
 * @param {string} path @param {string} text
 */
function readFile(path, text) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  /** @type {Map<string, number>} */
  const uses = new Map();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isIdentifier(node)) uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  /** @type {string[]} */
  const exported = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      exported.push(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) exported.push(declaration.name.text);
      }
    }
  }
  return { uses, exported };
}

/**
 * The exports of the code that runs which only tests use (`path: name` each, sorted), minus the
 * allowed ones, and the allowed entries that are no longer test-only (stale). An export its own
 * file uses, or any other file that is not a test, is fine.
 * @param {string} root @param {Record<string, string>} [allowed]
 * @returns {{ testOnly: string[]; stale: string[] }}
 */
export function checkExports(root, allowed = TEST_TOOLS) {
  const files = [...SOURCE_ROOTS, ...OTHER_ROOTS].flatMap((dir) => listSources(root, dir));
  const read = new Map(
    files.map((file) => [file, readFile(file, readFileSync(join(root, file), 'utf8'))]),
  );
  /** @type {string[]} */
  const found = [];
  for (const [file, { uses, exported }] of read) {
    if (isTestFile(file) || !SOURCE_ROOTS.some((dir) => file.startsWith(`${dir}/`))) continue;
    for (const name of exported) {
      if ((uses.get(name) ?? 0) > 1) continue;
      let byCode = false;
      let byTests = false;
      for (const [other, info] of read) {
        if (other === file || !info.uses.has(name)) continue;
        if (isTestFile(other)) byTests = true;
        else byCode = true;
      }
      if (byTests && !byCode) found.push(`${relative(root, join(root, file))}: ${name}`);
    }
  }
  return {
    testOnly: found.filter((entry) => !(entry in allowed)).sort(),
    stale: Object.keys(allowed).filter((entry) => !found.includes(entry)),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { testOnly, stale } = checkExports(root);
  for (const entry of testOnly) {
    console.error(
      `export used by tests only: ${entry} (use it in the code that runs, remove it, or list it in TEST_TOOLS with the reason)`,
    );
  }
  for (const entry of stale) {
    console.error(`TEST_TOOLS lists ${entry}, which is not an export used by tests only`);
  }
  if (testOnly.length || stale.length) process.exit(1);
  console.log('exports: every export of the code that runs is used by it');
}
