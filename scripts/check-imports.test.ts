import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports } from './check-imports.mjs';
import { scratchRepos } from './scratch-repo.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const repoWith = scratchRepos('check-imports-');

const WEB = 'apps/web/src';
const DEVNET = 'packages/devnet/src';

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
        "import { x } from '../../lib/time/x.ts';\nimport { B } from '../../components/B.tsx';\nimport { f } from '@robonomics-dapp/robonomics/f';\nimport { useState } from 'react';\n",
      [`${WEB}/lib/time/x.ts`]: 'export const x = 1;\n',
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
      [`${WEB}/lib/time/x.ts`]: "import { a } from '../../features/a/page.tsx';\n",
      [`${WEB}/components/y.tsx`]: "const m = import('../app/config.ts');\n",
      [`${WEB}/app/config.ts`]: 'export type C = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${WEB}/components/y.tsx -> ${WEB}/app/config.ts: components/ never imports features or app/`,
      `${WEB}/features/a/page.tsx -> ${WEB}/app/config.ts: a feature never imports app/`,
      `${WEB}/lib/time/x.ts -> ${WEB}/features/a/page.tsx: lib/ never imports features or app/`,
    ]);
  });

  it('fails when the package imports React or an app, or the devnet imports an app', () => {
    const root = repoWith({
      'packages/robonomics/src/a.ts':
        "import { useState } from 'react';\nimport { x } from '../../../apps/web/src/lib/time/x.ts';\n",
      'packages/devnet/src/b.ts': "import { x } from '../../../apps/web/src/lib/time/x.ts';\n",
      [`${WEB}/lib/time/x.ts`]: 'export const x = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      'packages/robonomics/src/a.ts -> react: packages/robonomics never imports React',
      `packages/robonomics/src/a.ts -> ${WEB}/lib/time/x.ts: packages/robonomics never imports an app or the devnet`,
      `packages/devnet/src/b.ts -> ${WEB}/lib/time/x.ts: packages/devnet never imports an app`,
    ]);
  });

  it("passes the devnet's layers: cli over services over the ground, tests over test tools", () => {
    const root = repoWith({
      [`${DEVNET}/cli.ts`]:
        "import { s } from './services.ts';\nimport { p } from './proxy/proxy-option.ts';\n",
      [`${DEVNET}/services.ts`]: "import { c } from './chain/service.ts';\nexport const s = c;\n",
      [`${DEVNET}/proxy/proxy-option.ts`]:
        "import { o } from '../options.ts';\nexport const p = o;\n",
      [`${DEVNET}/chain/service.ts`]:
        "import { o } from '../options.ts';\nimport { l } from '../http/limits.ts';\nexport const c = o + l;\n",
      [`${DEVNET}/options.ts`]: "import { l } from './http/limits.ts';\nexport const o = l;\n",
      [`${DEVNET}/http/limits.ts`]: 'export const l = 1;\n',
      [`${DEVNET}/http/limits.test.ts`]: "import { t } from '../../test/tool.ts';\n",
      'packages/devnet/test/tool.ts':
        "import { c } from '../src/chain/service.ts';\nexport const t = c;\n",
    });
    expect(checkImports(root)).toMatchObject({ violations: [], cycles: [] });
  });

  it("fails when the devnet's ground imports a service, a service the cli, or code a test tool", () => {
    const root = repoWith({
      [`${DEVNET}/options.ts`]: "import type { G } from './ipfs/extra-gateways.ts';\n",
      [`${DEVNET}/ipfs/extra-gateways.ts`]: 'export type G = 1;\n',
      [`${DEVNET}/json-rpc/server.ts`]: "import { s } from '../services.ts';\n",
      [`${DEVNET}/services.ts`]: 'export const s = 1;\n',
      [`${DEVNET}/chain/node.ts`]: "import { main } from '../cli.ts';\n",
      [`${DEVNET}/cli.ts`]: 'export const main = 1;\n',
      [`${DEVNET}/chain/service.ts`]: "import { t } from '../../test/tool.ts';\n",
      'packages/devnet/test/tool.ts': 'export const t = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${DEVNET}/chain/node.ts -> ${DEVNET}/cli.ts: a devnet service never imports the command line`,
      `${DEVNET}/chain/service.ts -> packages/devnet/test/tool.ts: only tests import the devnet's test tools`,
      `${DEVNET}/json-rpc/server.ts -> ${DEVNET}/services.ts: the devnet's ground (options and shared utilities) never imports its command line`,
      `${DEVNET}/options.ts -> ${DEVNET}/ipfs/extra-gateways.ts: the devnet's ground (options and shared utilities) never imports its services`,
    ]);
  });

  it("passes the chain library's folders importing downward, and fails upward or sideways", () => {
    const CHAIN = 'packages/robonomics/src/chain';
    const good = repoWith({
      [`${CHAIN}/flows/purchase.ts`]:
        "import { b } from '../tx/bid.ts';\nimport { l } from '../queries/ledger.ts';\n",
      [`${CHAIN}/tx/bid.ts`]:
        "import { l } from '../queries/ledger.ts';\nimport { m } from '../metadata/minimal-bid.ts';\nexport const b = l + m;\n",
      [`${CHAIN}/queries/ledger.ts`]:
        "import type { C } from '../model/client-type.ts';\nimport type { G } from '../generated/index.ts';\nexport const l = 1;\n",
      [`${CHAIN}/metadata/minimal-bid.ts`]:
        "import { n } from '../network/endpoint.ts';\nexport const m = n;\n",
      [`${CHAIN}/network/endpoint.ts`]: 'export const n = 1;\n',
      [`${CHAIN}/model/client-type.ts`]: 'export type C = 1;\n',
      [`${CHAIN}/generated/index.ts`]: 'export type G = 1;\n',
      [`${CHAIN}/queries/ledger.test.ts`]:
        "import { s } from '../subscriptions/twin.ts';\nexport const l = s;\n",
      [`${CHAIN}/subscriptions/twin.ts`]: 'export const s = 1;\n',
    });
    expect(checkImports(good)).toMatchObject({ violations: [], cycles: [] });
    const bad = repoWith({
      [`${CHAIN}/model/address.ts`]: "import { n } from '../network/endpoint.ts';\n",
      [`${CHAIN}/network/endpoint.ts`]: 'export const n = 1;\n',
      [`${CHAIN}/connection/chain-connection.ts`]:
        "import { q } from '../queries/minimal-bid.ts';\n",
      [`${CHAIN}/queries/minimal-bid.ts`]:
        "import { s } from '../subscriptions/balance.ts';\nexport const q = s;\n",
      [`${CHAIN}/subscriptions/balance.ts`]: 'export const s = 1;\n',
    });
    expect(checkImports(bad).violations).toEqual([
      `${CHAIN}/connection/chain-connection.ts -> ${CHAIN}/queries/minimal-bid.ts: chain/connection never imports chain/queries, above it`,
      `${CHAIN}/model/address.ts -> ${CHAIN}/network/endpoint.ts: chain/model never imports chain/network, above it`,
      `${CHAIN}/queries/minimal-bid.ts -> ${CHAIN}/subscriptions/balance.ts: chain/queries never imports chain/subscriptions, beside it`,
    ]);
  });

  it('passes the first script importing lib/ and its reads, taken by the user key and the chain store', () => {
    const root = repoWith({
      [`${WEB}/first-data/head-script.ts`]:
        "import { c } from '../lib/shell/config.ts';\nimport { r } from '@robonomics-dapp/robonomics/chain/connection/first-data/read';\nimport { k } from './handoff.ts';\n",
      [`${WEB}/first-data/handoff.ts`]: 'export const k = 1;\n',
      [`${WEB}/lib/shell/config.ts`]: 'export const c = 1;\n',
      'packages/robonomics/src/chain/connection/first-data/read.ts': 'export const r = 1;\n',
      [`${WEB}/lib/user-key/store.ts`]: "import { k } from '../../first-data/handoff.ts';\n",
      [`${WEB}/lib/stores/chain-store.ts`]: "import { k } from '../../first-data/handoff.ts';\n",
    });
    expect(checkImports(root)).toMatchObject({ violations: [], cycles: [] });
  });

  it('fails when the first script imports beyond lib/ and its reads, or another file imports it', () => {
    const root = repoWith({
      [`${WEB}/first-data/head-script.ts`]:
        "import { a } from '../app/a.ts';\nimport { c } from '@robonomics-dapp/robonomics/chain/connection/create-client';\nimport { d } from 'dedot';\nexport const h = 1;\n",
      [`${WEB}/app/a.ts`]: 'export const a = 1;\n',
      'packages/robonomics/src/chain/connection/create-client.ts': 'export const c = 1;\n',
      [`${WEB}/main.tsx`]: "import { h } from './first-data/head-script.ts';\n",
      [`${WEB}/lib/stores/toasts.ts`]: "import { h } from '../../first-data/head-script.ts';\n",
    });
    expect(checkImports(root).violations).toEqual([
      `${WEB}/first-data/head-script.ts -> ${WEB}/app/a.ts: first-data/ imports only lib/ and packages/robonomics' first reads`,
      `${WEB}/first-data/head-script.ts -> packages/robonomics/src/chain/connection/create-client.ts: first-data/ imports only lib/ and packages/robonomics' first reads`,
      `${WEB}/first-data/head-script.ts -> dedot: first-data/ (the inline first script) imports no package directly`,
      `${WEB}/lib/stores/toasts.ts -> ${WEB}/first-data/head-script.ts: only lib/user-key and the chain store import first-data/`,
      `${WEB}/main.tsx -> ${WEB}/first-data/head-script.ts: only lib/user-key and the chain store import first-data/`,
    ]);
  });

  it("fails on a lib file outside lib's named folders", () => {
    const root = repoWith({
      [`${WEB}/lib/loose.ts`]: 'export const l = 1;\n',
      [`${WEB}/lib/misc/thing.ts`]: 'export const t = 1;\n',
      [`${WEB}/lib/stores/ok.ts`]: 'export const o = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${WEB}/lib/loose.ts: lib/ files live in one of its folders (actions, chain, files, reminders, shell, storage, stores, time, user-key, wallet)`,
      `${WEB}/lib/misc/thing.ts: lib/ files live in one of its folders (actions, chain, files, reminders, shell, storage, stores, time, user-key, wallet)`,
    ]);
  });

  it('fails on a cycle, type-only imports included', () => {
    const root = repoWith({
      [`${WEB}/lib/chain/a.ts`]: "import type { B } from './b.ts';\nexport type A = B;\n",
      [`${WEB}/lib/chain/b.ts`]: "import type { A } from './a.ts';\nexport type B = 1;\n",
    });
    expect(checkImports(root).cycles).toEqual([[`${WEB}/lib/chain/a.ts`, `${WEB}/lib/chain/b.ts`]]);
  });
});
