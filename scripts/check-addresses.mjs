// One way to compare accounts: an SS58 address names a public key, and the same key can be
// written with other network prefixes (4Gvn… and 5Grw… are one account). Comparing the texts says
// "not a device" of a device written with another prefix, so the app and the library compare
// addresses by key only (`addressEq`, `includesAddress` in chain/model/same-account.ts). This check fails
// on the two ways the texts get compared: a list of addresses searched with `.includes(…)` or
// `.indexOf(…)`, and `===`/`!==` between two values named as accounts. `npm run lint` runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Where the code that runs lives (tests may compare the texts they wrote themselves). */
const ROOTS = ['apps/web/src', 'packages/robonomics/src'];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.(test|bench)\.(ts|tsx)$|(^|\/)test-support(\.|-|\/)/;

/** A name that holds one account's address: `owner`, `setup.owner`, `controller.address`… */
const ACCOUNT = /(^|[a-z])(owner|address|controller|sender|buyer|beneficiary|signer|device)$/i;
/** A name that holds a list of accounts. */
const ACCOUNTS = /(devices|owners|addresses|controllers|users|accounts)$/i;

/**
 * The name an expression ends with: `a.b.owner` → `owner`, `owner` → `owner`.
 * @param {ts.Node} node @returns {string | null}
 */
function lastName(node) {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) {
    return lastName(node.expression);
  }
  return null;
}

/** @param {ts.Node} node */
const isAccount = (node) => {
  const name = lastName(node);
  return name !== null && ACCOUNT.test(name);
};

/**
 * The places in one file that compare addresses as texts, each `line: what`.
 * @param {string} path @param {string} text @returns {string[]}
 */
export function addressComparisons(path, text) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {string[]} */
  const found = [];
  /** @param {ts.Node} node */
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['includes', 'indexOf'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const list = lastName(node.expression.expression);
      if ((list && ACCOUNTS.test(list)) || isAccount(node.arguments[0])) {
        found.push(`${at(node)}: ${node.getText(source)}`);
      }
    }
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        node.operatorToken.kind,
      ) &&
      isAccount(node.left) &&
      isAccount(node.right)
    ) {
      found.push(`${at(node)}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !TEST.test(path)) out.push(path);
  }
  return out;
}

/**
 * Every place under `root` that compares addresses as texts (`path:line: what`).
 * @param {string} root @returns {string[]}
 */
export function checkAddresses(root) {
  return ROOTS.flatMap((dir) => listSources(root, dir)).flatMap((file) =>
    addressComparisons(file, readFileSync(join(root, file), 'utf8')).map(
      (entry) => `${relative(root, join(root, file))}:${entry}`,
    ),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const found = checkAddresses(root);
  for (const entry of found) {
    console.error(
      `addresses compared as texts: ${entry} (compare by key: addressEq or includesAddress from chain/model/same-account.ts)`,
    );
  }
  if (found.length) process.exit(1);
  console.log('addresses: every comparison of accounts is by key');
}
