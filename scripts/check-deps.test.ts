import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDeps, packageOf } from './check-deps.mjs';
import { scratchRepos } from './scratch-repo.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const repoWith = scratchRepos('check-deps-');

const manifest = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe('the dependency check', () => {
  it('passes on the repository as it is', () => {
    expect(checkDeps(repoRoot)).toEqual({ undeclared: [], unused: [] });
  });

  it('names the package of a specifier', () => {
    expect(packageOf('dedot/types')).toBe('dedot');
    expect(packageOf('@libp2p/crypto/keys')).toBe('@libp2p/crypto');
    expect(packageOf('./x.ts')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('fs')).toBeNull();
  });

  it('flags an import the workspace does not declare, and a declaration it never imports', () => {
    const root = repoWith({
      'package.json': manifest({ workspaces: ['apps/web'], devDependencies: { vitest: '1' } }),
      'apps/web/package.json': manifest({
        name: '@x/web',
        dependencies: { react: '1', mipd: '1' },
        devDependencies: { '@types/react': '1' },
      }),
      'apps/web/src/a.ts':
        "import { useState } from 'react';\nimport type { X } from 'dedot/types';\nimport { it } from 'vitest';\nimport { b } from './b.ts';\n",
    });
    expect(checkDeps(root, {})).toEqual({
      undeclared: ['apps/web: dedot (imported by apps/web/src/a.ts) is not in its package.json'],
      unused: ['apps/web: mipd is declared but never imported'],
    });
  });
});
