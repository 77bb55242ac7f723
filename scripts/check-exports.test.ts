import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExports, isTestFile } from './check-exports.mjs';
import { scratchRepos } from './scratch-repo.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const repoWith = scratchRepos('check-exports-');

describe('the test-only export check', () => {
  it('passes on the repository as it is', () => {
    expect(checkExports(repoRoot)).toEqual({ testOnly: [], stale: [] });
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

  it('flags a planted export that only a test uses, and keeps what code or its own file uses', () => {
    const root = repoWith({
      'packages/robonomics/src/rule.ts': [
        'export function planted(n: number) { return n + 1; }',
        'export const used = 2;',
        'export function ownUse() { return 1; }',
        'export const viaOwn = ownUse();',
        'export type OnlyAType = string;',
      ].join('\n'),
      'packages/robonomics/src/rule.test.ts':
        "import { planted, ownUse, viaOwn } from './rule.ts';\nplanted(ownUse() + viaOwn);\n",
      'apps/web/src/page.ts': "import { used } from '@x/robonomics/rule';\n// planted\nused;\n",
      'e2e/tool.ts': "export const helper = 'e2e code is a test';\n",
    });
    expect(checkExports(root, {})).toEqual({
      testOnly: [
        'packages/robonomics/src/rule.ts: planted',
        'packages/robonomics/src/rule.ts: viaOwn',
      ],
      stale: [],
    });
    // An allowed test tool passes; an allowance for what code uses is stale.
    expect(
      checkExports(root, {
        'packages/robonomics/src/rule.ts: planted': 'a test tool',
        'packages/robonomics/src/rule.ts: viaOwn': 'a test tool',
        'packages/robonomics/src/rule.ts: used': 'no longer test-only',
      }),
    ).toEqual({ testOnly: [], stale: ['packages/robonomics/src/rule.ts: used'] });
  });
});
