// Shared means used, and exported means imported. The check resolves every import of the
// repository to the file and the names it takes (named imports, `export { x } from`, `export *`,
// `import * as ns` with the properties read on `ns`, and dynamic `import()` with the names taken
// from its result; a module object passed on whole takes every name), then fails on (a) a
// function, class or constant of the code that runs (the app, the library, the devnet) that only
// tests import: the tests would prove a rule nothing follows, and the copy that runs could drift
// from it unseen; and (b) an export that nothing imports and its own file does not use: dead
// code, or a second spelling of a value written out elsewhere. Test helpers beside the code are
// listed in TEST_TOOLS, and the exports a tool finds by the file's path (a Vite, Vitest or
// Playwright config's default export) in ENTRY_POINTS, each with why. `npm run lint` runs this;
// exit code 1 on a finding or on a listed entry that no longer holds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { resolveImport } from './check-imports.mjs';

/**
 * Exports that only tests import, on purpose: `path: name` → why.
 * @type {Record<string, string>}
 */
export const TEST_TOOLS = {
  'apps/web/src/lib/chain/live-chain.ts: openLiveCount':
    'how many live subscriptions are open: the tests check that pages close what they open',
  'packages/robonomics/src/chain/metadata/memory-storage.ts: MemoryStorage':
    'the metadata cache in memory, for chain tests that run without a browser',
  'packages/devnet/src/controller/ha-api/ha-login-client.ts: haLogin':
    "Home Assistant's login flow as a client: tests sign in with a user's password",
  'packages/devnet/src/crust/api-options.ts: CRUST_API_OPTIONS':
    "the Crust chain's types for an independent polkadot.js client in tests",
  'packages/devnet/src/levers/hostile-node.ts: startHostileNode':
    'a node that lies, in front of the devnet: the security tests',
  'packages/devnet/src/levers/hostile-node.ts: withU128Constant':
    "the hostile node's constant patch, which the security tests make",
};

/**
 * Exports that no file imports because a tool loads their file by its path: `path: name` → why.
 * @type {Record<string, string>}
 */
export const ENTRY_POINTS = {
  'apps/web/vite.config.ts: default': "the app's build, which Vite loads",
  'apps/web/vitest.config.ts: default': "the app's unit tests, a project of the root Vitest config",
  'packages/robonomics/vitest.config.ts: default':
    "the library's unit tests, a project of the root Vitest config",
  'packages/devnet/vitest.config.ts: default':
    "the devnet's tests, a project of the root Vitest config",
  'vitest.config.ts: default': 'the Vitest run of every workspace',
  'e2e/playwright.runtime.config.ts: default':
    'the browser tests on the real runtime (`npm run test:e2e:runtime`)',
  'e2e/playwright.bench.config.ts: default':
    'the first hour walked in real time (`npm run bench:first-hour`)',
};

/** Where the code that runs lives; the rest of the repository is tests, tools and configs. */
const SOURCE_ROOTS = ['apps/web/src', 'packages/robonomics/src', 'packages/devnet/src'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'artifacts', 'test-results']);

/** @param {string} file a path relative to the repository */
export function isTestFile(file) {
  return (
    /\.(test|bench)\.(ts|tsx)$/.test(file) ||
    /(^|\/)test-support(\.|-|\/)/.test(file) ||
    file.startsWith('e2e/') ||
    file.startsWith('packages/devnet/test/')
  );
}

/** @param {string} file */
const isRunningCode = (file) =>
  !isTestFile(file) && SOURCE_ROOTS.some((dir) => file.startsWith(`${dir}/`));

/** @param {string} root @param {string} dir relative, posix ('' for the root) @returns {string[]} */
function listSources(root, dir) {
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIPPED.has(name) || name.startsWith('.')) continue;
    const path = dir ? `${dir}/${name}` : name;
    if (statSync(join(root, path)).isDirectory()) out.push(...listSources(root, path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * What a module takes from another: the names, or '*' when it holds the whole module object and
 * passes it on without saying which names it reads.
 * @typedef {{ spec: string, names: Set<string> | '*' }} Taken
 */

/**
 * An export: its own value (`local`, the name in its file), or a name passed on from another
 * module (`from` and the name there; '*' for `export * as ns from`).
 * @typedef {{ local: string } | { from: string, name: string }} Exported
 */

/**
 * The syntax a file's exports and imports are read from.
 * @param {string} path @param {string} text
 */
export function readModule(path, text) {
  const kind = /\.tsx$/.test(path) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {Map<string, Exported>} */
  const exports = new Map();
  /** @type {string[]} `export * from` */
  const stars = [];
  /** @type {Taken[]} */
  const taken = [];
  /** Imported bindings, local name → where from: a `{ spec, name }`, or a namespace's spec. */
  /** @type {Map<string, { spec: string, name: string }>} */
  const bindings = new Map();
  /** @type {Map<string, string>} */
  const namespaces = new Map();
  /** Names declared as types only: an `export { T }` of one is not a value. */
  const typeNames = new Set();
  /** Identifier nodes that name an export in its declaration: not a use. */
  const declarationNames = new Set();

  /** @param {ts.Node} statement */
  const isExported = (statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  /** @param {ts.Node} statement */
  const isDefault = (statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  /** @param {ts.BindingName} name @param {(id: ts.Identifier) => void} each */
  const bindingIdentifiers = (name, each) => {
    if (ts.isIdentifier(name)) each(name);
    else
      for (const element of name.elements)
        if (!ts.isOmittedExpression(element)) bindingIdentifiers(element.name, each);
  };

  for (const statement of source.statements) {
    // A top-level declaration's own name is not a use of it, exported by keyword or by a list.
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      declarationNames.add(statement.name);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        bindingIdentifiers(declaration.name, (id) => declarationNames.add(id));
      }
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      typeNames.add(statement.name.text);
    } else if (ts.isImportDeclaration(statement)) {
      const spec = /** @type {ts.StringLiteral} */ (statement.moduleSpecifier).text;
      const clause = statement.importClause;
      if (!clause) {
        taken.push({ spec, names: new Set() });
        continue;
      }
      if (clause.isTypeOnly) continue;
      /** @type {Set<string>} */
      const names = new Set();
      if (clause.name) {
        names.add('default');
        bindings.set(clause.name.text, { spec, name: 'default' });
      }
      const named = clause.namedBindings;
      if (named && ts.isNamespaceImport(named)) namespaces.set(named.name.text, spec);
      else if (named) {
        for (const element of named.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          names.add(name);
          bindings.set(element.name.text, { spec, name });
        }
      }
      taken.push({ spec, names });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const spec = statement.moduleSpecifier;
      const clause = statement.exportClause;
      if (spec && ts.isStringLiteral(spec)) {
        if (!clause) stars.push(spec.text);
        else if (ts.isNamespaceExport(clause)) {
          exports.set(clause.name.text, { from: spec.text, name: '*' });
        } else {
          for (const element of clause.elements) {
            if (element.isTypeOnly) continue;
            const name = (element.propertyName ?? element.name).text;
            exports.set(element.name.text, { from: spec.text, name });
          }
        }
      } else if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const local = (element.propertyName ?? element.name).text;
          exports.set(element.name.text, { local });
        }
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      exports.set('default', { local: '' });
    } else if (isExported(statement)) {
      if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        (statement.name || isDefault(statement))
      ) {
        const local = statement.name?.text ?? '';
        exports.set(isDefault(statement) ? 'default' : local, { local });
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          bindingIdentifiers(declaration.name, (id) => exports.set(id.text, { local: id.text }));
        }
      }
    }
  }
  // A local export list can pass on an imported binding: that is a re-export.
  for (const [name, entry] of exports) {
    if (!('local' in entry)) continue;
    if (typeNames.has(entry.local)) exports.delete(name);
    const binding = bindings.get(entry.local);
    if (binding) exports.set(name, { from: binding.spec, name: binding.name });
    const namespace = namespaces.get(entry.local);
    if (namespace) exports.set(name, { from: namespace, name: '*' });
  }

  /** How often each name is used in the file, declarations and import/export lists left out. */
  /** @type {Map<string, number>} */
  const uses = new Map();
  /** @type {Map<string, ts.Identifier[]>} */
  const references = new Map();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isIdentifier(node) && isReference(node) && !declarationNames.has(node)) {
      uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
      const list = references.get(node.text) ?? [];
      list.push(node);
      references.set(node.text, list);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      dynamic.push(node);
    }
    ts.forEachChild(node, visit);
  };
  /** @type {ts.CallExpression[]} */
  const dynamic = [];
  visit(source);
  for (const call of dynamic) {
    const [argument] = call.arguments;
    if (argument && ts.isStringLiteralLike(argument)) {
      taken.push({ spec: argument.text, names: takenFromDynamic(call, references) });
    }
  }
  for (const [local, spec] of namespaces) {
    taken.push({ spec, names: namesRead(references.get(local) ?? []) });
  }
  return { exports, stars, taken, uses };
}

/**
 * Whether an identifier stands for a binding (rather than a property name or a label).
 * @param {ts.Identifier} node
 */
function isReference(node) {
  const parent = node.parent;
  if (!parent) return true;
  if (ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) {
    return ts.isPropertyAccessExpression(parent)
      ? parent.expression === node
      : parent.left === node;
  }
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isEnumMember(parent) ||
      ts.isJsxAttribute(parent)) &&
    parent.name === node
  ) {
    return false;
  }
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return false;
  return true;
}

/**
 * The names read from a module object through its references: `ns.name` or `ns['name']`; any
 * other use (passing it on, spreading it) takes the whole module.
 * @param {ts.Identifier[]} uses
 * @returns {Set<string> | '*'}
 */
function namesRead(uses) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const use of uses) {
    const parent = use.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === use) {
      names.add(parent.name.text);
    } else if (
      ts.isElementAccessExpression(parent) &&
      parent.expression === use &&
      ts.isStringLiteralLike(parent.argumentExpression)
    ) {
      names.add(parent.argumentExpression.text);
    } else {
      return '*';
    }
  }
  return names;
}

/** @param {ts.Node} node */
const skipParens = (node) => {
  let up = node.parent;
  while (up && ts.isParenthesizedExpression(up)) up = up.parent;
  return up;
};

/**
 * The names a binding takes from a module object: a destructuring's properties, or the
 * properties read on a name within `scope`.
 * @param {ts.BindingName} name @param {ts.Node} scope
 * @param {Map<string, ts.Identifier[]>} references
 * @returns {Set<string> | '*'}
 */
function namesBound(name, scope, references) {
  if (ts.isIdentifier(name)) {
    const inScope = (references.get(name.text) ?? []).filter(
      (id) => id !== name && id.pos >= scope.pos && id.end <= scope.end,
    );
    return namesRead(inScope);
  }
  if (ts.isObjectBindingPattern(name)) {
    /** @type {Set<string>} */
    const names = new Set();
    for (const element of name.elements) {
      if (element.dotDotDotToken) return '*';
      const key = element.propertyName ?? element.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteralLike(key)) return '*';
      names.add(key.text);
    }
    return names;
  }
  return '*';
}

/**
 * The names taken from a dynamic `import()`: `const { a } = await import(…)`, `(await
 * import(…)).a`, `const m = await import(…)` then `m.a`, `import(…).then(({ a }) => …)` or
 * `.then((m) => m.a)`, and the same for one member of `Promise.all([import(…), …])`. Any other
 * form holds the whole module.
 * @param {ts.CallExpression} call @param {Map<string, ts.Identifier[]>} references
 * @returns {Set<string> | '*'}
 */
function takenFromDynamic(call, references) {
  /** @type {ts.Node} */
  let value = call;
  /** @type {number | null} which member of a Promise.all it is */
  let member = null;
  let up = skipParens(value);
  if (up && ts.isArrayLiteralExpression(up)) {
    const outer = skipParens(up);
    if (
      outer &&
      ts.isCallExpression(outer) &&
      outer.expression.getText() === 'Promise.all' &&
      outer.arguments[0] === up
    ) {
      member = up.elements.indexOf(/** @type {ts.Expression} */ (value));
      value = outer;
      up = skipParens(value);
    } else return '*';
  }
  /** @param {ts.BindingName} name @param {ts.Node} scope */
  const bound = (name, scope) => {
    if (member === null) return namesBound(name, scope, references);
    if (!ts.isArrayBindingPattern(name)) return '*';
    const element = name.elements[member];
    return element && !ts.isOmittedExpression(element)
      ? namesBound(element.name, scope, references)
      : new Set();
  };
  if (up && ts.isAwaitExpression(up)) {
    const outer = skipParens(up);
    if (outer && ts.isVariableDeclaration(outer)) return bound(outer.name, call.getSourceFile());
    if (outer && ts.isPropertyAccessExpression(outer) && member === null) {
      return new Set([outer.name.text]);
    }
    return '*';
  }
  if (up && ts.isPropertyAccessExpression(up) && up.name.text === 'then') {
    const then = up.parent;
    const callback = ts.isCallExpression(then) ? then.arguments[0] : undefined;
    if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
      const [parameter] = callback.parameters;
      return parameter ? bound(parameter.name, callback.body) : new Set();
    }
  }
  return '*';
}

/**
 * The findings: exports of the code that runs that only tests import (`testOnly`), exports
 * nothing imports and their file does not use (`unused`), each `path: name`, sorted, minus the
 * listed ones; and the listed entries that no longer hold (`stale`).
 * @param {string} root
 * @param {{ testTools?: Record<string, string>, entryPoints?: Record<string, string> }} [lists]
 * @returns {{ testOnly: string[], unused: string[], stale: string[] }}
 */
export function checkExports(root, lists = {}) {
  const { testTools = TEST_TOOLS, entryPoints = ENTRY_POINTS } = lists;
  const files = listSources(root, '');
  const modules = new Map(
    files.map((file) => [file, readModule(file, readFileSync(join(root, file), 'utf8'))]),
  );
  /** @param {string} from @param {string} spec @returns {string | null} */
  const target = (from, spec) => {
    const to = resolveImport(root, join(root, from), spec);
    return 'file' in to && modules.has(to.file) ? to.file : null;
  };
  /** Who imports each export, `file\0name` → importing files. */
  /** @type {Map<string, Set<string>>} */
  const importers = new Map();
  /** @param {string} file @param {string} name @param {string} by */
  const mark = (file, name, by, seen = new Set()) => {
    const key = `${file}\0${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const module = modules.get(file);
    if (!module) return;
    if (name === '*') {
      for (const own of module.exports.keys()) mark(file, own, by, seen);
      for (const spec of module.stars) {
        const next = target(file, spec);
        if (next) mark(next, '*', by, seen);
      }
      return;
    }
    const entry = module.exports.get(name);
    if (entry) {
      const set = importers.get(key) ?? new Set();
      set.add(by);
      importers.set(key, set);
      if ('from' in entry) {
        const next = target(file, entry.from);
        if (next) mark(next, entry.name, by, seen);
      }
      return;
    }
    if (name === 'default') return;
    for (const spec of module.stars) {
      const next = target(file, spec);
      if (next) mark(next, name, by, seen);
    }
  };
  for (const [file, module] of modules) {
    for (const { spec, names } of module.taken) {
      const next = target(file, spec);
      if (!next) continue;
      for (const name of names === '*' ? ['*'] : names) mark(next, name, file);
    }
  }

  /** @type {string[]} */
  const testOnly = [];
  /** @type {string[]} */
  const unused = [];
  for (const [file, module] of modules) {
    for (const [name, entry] of module.exports) {
      if ('local' in entry && entry.local && module.uses.has(entry.local)) continue;
      const by = [...(importers.get(`${file}\0${name}`) ?? [])];
      if (by.length === 0) unused.push(`${file}: ${name}`);
      else if (isRunningCode(file) && by.every(isTestFile)) testOnly.push(`${file}: ${name}`);
    }
  }
  return {
    testOnly: testOnly.filter((entry) => !(entry in testTools)).sort(),
    unused: unused.filter((entry) => !(entry in entryPoints)).sort(),
    stale: [
      ...Object.keys(testTools).filter((entry) => !testOnly.includes(entry)),
      ...Object.keys(entryPoints).filter((entry) => !unused.includes(entry)),
    ],
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { testOnly, unused, stale } = checkExports(root);
  for (const entry of testOnly) {
    console.error(
      `export used by tests only: ${entry} (use it in the code that runs, remove it, or list it in TEST_TOOLS with the reason)`,
    );
  }
  for (const entry of unused) {
    console.error(
      `export nothing imports: ${entry} (use it where its value is spelled, remove it or its export, or list it in ENTRY_POINTS with the reason)`,
    );
  }
  for (const entry of stale) {
    console.error(`listed export no longer holds: ${entry} (remove it from the list)`);
  }
  if (testOnly.length || unused.length || stale.length) process.exit(1);
  console.log('exports: every export is imported, and by the code that runs unless a test tool');
}
