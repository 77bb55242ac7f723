import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExports, isTestFile } from './check-exports.mjs';
import { scratchRepos } from './scratch-repo.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const repoWith = scratchRepos('check-exports-');

const LIB = 'packages/robonomics/src';
const WEB = 'apps/web/src';
const none = { testTools: {}, entryPoints: {} };

describe('the export check', () => {
  it('passes on the repository as it is', () => {
    expect(checkExports(repoRoot)).toEqual({ testOnly: [], unused: [], stale: [] });
  }, 30_000);

  it('tells test files from the code that runs', () => {
    expect(isTestFile('apps/web/src/a.test.tsx')).toBe(true);
    expect(isTestFile('scripts/bench-x.bench.ts')).toBe(true);
    expect(isTestFile('packages/devnet/src/chain/test-support.ts')).toBe(true);
    expect(isTestFile('packages/robonomics/src/test-support/dev-addresses.ts')).toBe(true);
    expect(isTestFile('e2e/fixtures/key-db.ts')).toBe(true);
    expect(isTestFile('packages/devnet/test/chain/seed.test.ts')).toBe(true);
    expect(isTestFile('apps/web/src/lib/testing.ts')).toBe(false);
  });

  it('flags an export only tests import, and keeps what code imports or its own file uses', () => {
    const root = repoWith({
      [`${LIB}/rule.ts`]: [
        'export function planted(n: number) { return n + 1; }',
        'export const used = 2;',
        'export function ownUse() { return 1; }',
        'export const viaOwn = ownUse();',
        'export type OnlyAType = string;',
      ].join('\n'),
      [`${LIB}/rule.test.ts`]:
        "import { planted, ownUse, viaOwn } from './rule.ts';\nplanted(ownUse() + viaOwn);\n",
      // The same name in code that does not import it is not a use of the export.
      [`${WEB}/page.ts`]:
        "import { used } from '@robonomics-dapp/robonomics/rule';\nconst planted = used;\nplanted;\n",
    });
    expect(checkExports(root, none)).toEqual({
      testOnly: [`${LIB}/rule.ts: planted`, `${LIB}/rule.ts: viaOwn`],
      unused: [],
      stale: [],
    });
    // A listed test tool passes; a listing for what code imports is stale.
    expect(
      checkExports(root, {
        testTools: {
          [`${LIB}/rule.ts: planted`]: 'a test tool',
          [`${LIB}/rule.ts: viaOwn`]: 'a test tool',
          [`${LIB}/rule.ts: used`]: 'no longer test-only',
        },
        entryPoints: {},
      }),
    ).toEqual({ testOnly: [], unused: [], stale: [`${LIB}/rule.ts: used`] });
  });

  it('flags an export nothing imports, whatever its file, unless listed as an entry point', () => {
    const root = repoWith({
      [`${LIB}/limits.ts`]: [
        'export const SPELLED_TWICE = 512;',
        'export const OWN = 3;',
        'export const TWICE_OWN = OWN * 2;',
        'export default function main() {}',
        'const local = 1;',
        'export { local as renamed };',
        'export interface Shape { a: number }',
      ].join('\n'),
      [`${LIB}/user.ts`]: "import { TWICE_OWN } from './limits.ts';\nTWICE_OWN;\n",
      'e2e/fixtures/tool.ts': "export const helper = 'a test helper nothing imports';\n",
      'apps/web/vite.config.ts': 'export default {};\n',
      // A name that comments or strings mention is not a use.
      [`${WEB}/notes.ts`]: "// SPELLED_TWICE\nexport const text = 'SPELLED_TWICE';\ntext;\n",
    });
    expect(checkExports(root, none).unused).toEqual([
      'apps/web/vite.config.ts: default',
      'e2e/fixtures/tool.ts: helper',
      `${LIB}/limits.ts: SPELLED_TWICE`,
      `${LIB}/limits.ts: default`,
      `${LIB}/limits.ts: renamed`,
    ]);
    const listed = {
      testTools: {},
      entryPoints: {
        'apps/web/vite.config.ts: default': 'Vite loads it',
        [`${LIB}/limits.ts: OWN`]: 'no longer unused',
      },
    };
    expect(checkExports(root, listed)).toMatchObject({
      unused: expect.not.arrayContaining(['apps/web/vite.config.ts: default']),
      stale: [`${LIB}/limits.ts: OWN`],
    });
  });

  it('follows re-exports, namespaces and dynamic imports to the names they take', () => {
    const module = (...names: string[]) =>
      names.map((name) => `export const ${name} = '${name}';`).join('\n');
    const root = repoWith({
      [`${LIB}/origin.ts`]: module('viaNamed', 'viaStar', 'notTaken'),
      [`${LIB}/barrel.ts`]:
        "export { viaNamed } from './origin.ts';\nexport * from './origin.ts';\n",
      [`${LIB}/space.ts`]: module('read', 'unread'),
      [`${LIB}/awaited.ts`]: module('destructured', 'property', 'unread'),
      [`${LIB}/named.ts`]: module('readOnName', 'unread'),
      [`${LIB}/then.ts`]: module('fromThen', 'unread'),
      [`${LIB}/together.ts`]: module('second', 'unread'),
      [`${LIB}/whole.ts`]: module('any', 'other'),
      [`${WEB}/user.ts`]: [
        "import { viaNamed, viaStar } from '@robonomics-dapp/robonomics/barrel';",
        "import * as space from '@robonomics-dapp/robonomics/space';",
        'export async function run() {',
        "  const { destructured } = await import('@robonomics-dapp/robonomics/awaited');",
        "  const property = (await import('@robonomics-dapp/robonomics/awaited')).property;",
        "  const named = await import('@robonomics-dapp/robonomics/named');",
        "  const fromThen = await import('@robonomics-dapp/robonomics/then').then((m) => m.fromThen);",
        '  const [, { second }] = await Promise.all([',
        "    import('@robonomics-dapp/robonomics/origin'),",
        "    import('@robonomics-dapp/robonomics/together'),",
        '  ]);',
        "  const load = () => import('@robonomics-dapp/robonomics/whole');",
        '  return [viaNamed, viaStar, space.read, destructured, property, named.readOnName,',
        '    fromThen, second, load];',
        '}',
        'run;',
      ].join('\n'),
    });
    expect(checkExports(root, none).unused).toEqual([
      `${LIB}/awaited.ts: unread`,
      `${LIB}/named.ts: unread`,
      `${LIB}/origin.ts: notTaken`,
      `${LIB}/space.ts: unread`,
      `${LIB}/then.ts: unread`,
      `${LIB}/together.ts: unread`,
    ]);
  });

  it('counts an export passed on by a file that only tests import as test-only', () => {
    const root = repoWith({
      [`${LIB}/rule.ts`]: 'export const RULE = 1;\n',
      [`${LIB}/verify.ts`]:
        "import { RULE } from './rule.ts';\nexport { RULE };\nexport const check = () => RULE;\n",
      [`${LIB}/verify.test.ts`]: "import { RULE, check } from './verify.ts';\ncheck() === RULE;\n",
      [`${WEB}/page.ts`]: "import { check } from '@robonomics-dapp/robonomics/verify';\ncheck;\n",
    });
    expect(checkExports(root, none)).toEqual({
      testOnly: [`${LIB}/verify.ts: RULE`],
      unused: [],
      stale: [],
    });
  });
});
