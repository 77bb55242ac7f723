import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports } from './check-imports.mjs';
import { scratchRepos } from './scratch-repo.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const repoWith = scratchRepos('check-imports-');

const WEB = 'apps/web/src';

describe('the import check', () => {
  it('passes on the repository as it is', () => {
    const result = checkImports(repoRoot);
    expect(result.violations).toEqual([]);
    expect(result.cycles).toEqual([]);
    expect(result.files).toBeGreaterThan(100);
  });

  it('passes a feature that imports lib, components and the package', () => {
    const root = repoWith({
      [`${WEB}/features/a/page.tsx`]:
        "import { x } from '../../lib/x.ts';\nimport { B } from '../../components/B.tsx';\nimport { f } from '@robonomics-dapp/robonomics/f';\nimport { useState } from 'react';\n",
      [`${WEB}/lib/x.ts`]: 'export const x = 1;\n',
      [`${WEB}/components/B.tsx`]: 'export const B = 1;\n',
      'packages/robonomics/src/f.ts': 'export const f = 1;\n',
    });
    expect(checkImports(root)).toMatchObject({ violations: [], cycles: [] });
  });

  it('fails when a feature imports another feature', () => {
    const root = repoWith({
      [`${WEB}/features/a/page.tsx`]: "import { b } from '../b/b.ts';\n",
      [`${WEB}/features/b/b.ts`]: 'export const b = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${WEB}/features/a/page.tsx -> ${WEB}/features/b/b.ts: features never import each other`,
    ]);
  });

  it('fails when a feature or lib imports app/, or lib imports a feature', () => {
    const root = repoWith({
      [`${WEB}/features/a/page.tsx`]: "import type { C } from '../../app/config.ts';\n",
      [`${WEB}/lib/x.ts`]: "import { a } from '../features/a/page.tsx';\n",
      [`${WEB}/components/y.tsx`]: "const m = import('../app/config.ts');\n",
      [`${WEB}/app/config.ts`]: 'export type C = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${WEB}/components/y.tsx -> ${WEB}/app/config.ts: components/ never imports features or app/`,
      `${WEB}/features/a/page.tsx -> ${WEB}/app/config.ts: a feature never imports app/`,
      `${WEB}/lib/x.ts -> ${WEB}/features/a/page.tsx: lib/ never imports features or app/`,
    ]);
  });

  it('fails when the package imports React or an app, or the devnet imports an app', () => {
    const root = repoWith({
      'packages/robonomics/src/a.ts':
        "import { useState } from 'react';\nimport { x } from '../../../apps/web/src/lib/x.ts';\n",
      'packages/devnet/src/b.ts': "import { x } from '../../../apps/web/src/lib/x.ts';\n",
      [`${WEB}/lib/x.ts`]: 'export const x = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      'packages/robonomics/src/a.ts -> react: packages/robonomics never imports React',
      `packages/robonomics/src/a.ts -> ${WEB}/lib/x.ts: packages/robonomics never imports an app or the devnet`,
      `packages/devnet/src/b.ts -> ${WEB}/lib/x.ts: packages/devnet never imports an app`,
    ]);
  });

  it('fails on a cycle, type-only imports included', () => {
    const root = repoWith({
      [`${WEB}/lib/a.ts`]: "import type { B } from './b.ts';\nexport type A = B;\n",
      [`${WEB}/lib/b.ts`]: "import type { A } from './a.ts';\nexport type B = 1;\n",
    });
    expect(checkImports(root).cycles).toEqual([[`${WEB}/lib/a.ts`, `${WEB}/lib/b.ts`]]);
  });
});
