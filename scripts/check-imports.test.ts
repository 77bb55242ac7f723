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
      'packages/devnet/src/common/b.ts':
        "import { x } from '../../../../apps/web/src/lib/time/x.ts';\n",
      [`${WEB}/lib/time/x.ts`]: 'export const x = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      'packages/robonomics/src/a.ts -> react: packages/robonomics never imports React',
      `packages/robonomics/src/a.ts -> ${WEB}/lib/time/x.ts: packages/robonomics never imports an app or the devnet`,
      `packages/devnet/src/common/b.ts -> ${WEB}/lib/time/x.ts: packages/devnet never imports an app`,
    ]);
  });

  it("passes the devnet's layers: cli over levers over services over the chain over the ground", () => {
    const root = repoWith({
      [`${DEVNET}/cli.ts`]:
        "import { s } from './services.ts';\nimport { h } from './levers/control-server.ts';\n",
      [`${DEVNET}/services.ts`]:
        "import { c } from './chain/service.ts';\nimport { p } from './p2p/proxy-option.ts';\nexport const s = c + p;\n",
      [`${DEVNET}/levers/control-server.ts`]:
        "import { p } from '../p2p/proxy-option.ts';\nimport { c } from '../chain/service.ts';\nexport const h = p + c;\n",
      [`${DEVNET}/p2p/proxy-option.ts`]:
        "import { o } from '../common/options.ts';\nimport { n } from '../chain/node/node.ts';\nexport const p = o + n;\n",
      [`${DEVNET}/chain/service.ts`]:
        "import { o } from '../common/options.ts';\nimport { l } from '../http/limits.ts';\nimport { m } from './rpc/method-table.ts';\nexport const c = o + l + m;\n",
      [`${DEVNET}/chain/rpc/method-table.ts`]:
        "import { n } from '../node/node.ts';\nexport const m = n;\n",
      [`${DEVNET}/chain/node/node.ts`]:
        "import { r } from '../pallets/route-call.ts';\nimport { b } from '../blocks/block.ts';\nexport const n = r + b;\n",
      [`${DEVNET}/chain/pallets/route-call.ts`]:
        "import { x } from '../runtime/context.ts';\nexport const r = x;\n",
      [`${DEVNET}/chain/blocks/block.ts`]:
        "import { x } from '../runtime/context.ts';\nexport const b = x;\n",
      [`${DEVNET}/chain/runtime/context.ts`]:
        "import { o } from '../../common/options.ts';\nexport const x = o;\n",
      [`${DEVNET}/common/options.ts`]:
        "import { l } from '../http/limits.ts';\nexport const o = l;\n",
      [`${DEVNET}/http/limits.ts`]: 'export const l = 1;\n',
      [`${DEVNET}/http/limits.test.ts`]:
        "import { t } from '../../test/tool.ts';\nimport { h } from '../levers/control-server.ts';\n",
      [`${DEVNET}/chain/runtime/context.test.ts`]: "import { m } from '../rpc/method-table.ts';\n",
      'packages/devnet/test/tool.ts':
        "import { c } from '../src/chain/service.ts';\nexport const t = c;\n",
    });
    expect(checkImports(root)).toMatchObject({ violations: [], cycles: [] });
  });

  it('fails when a devnet layer imports one above it, or code a test tool', () => {
    const root = repoWith({
      [`${DEVNET}/common/options.ts`]: "import type { G } from '../ipfs/extra-gateways.ts';\n",
      [`${DEVNET}/ipfs/extra-gateways.ts`]: 'export type G = 1;\n',
      [`${DEVNET}/json-rpc/server.ts`]: "import { s } from '../services.ts';\n",
      [`${DEVNET}/services.ts`]: 'export const s = 1;\n',
      [`${DEVNET}/chain/node/node.ts`]: "import { main } from '../../cli.ts';\n",
      [`${DEVNET}/cli.ts`]: 'export const main = 1;\n',
      [`${DEVNET}/chain/service.ts`]:
        "import { t } from '../../test/tool.ts';\nimport { p } from '../p2p/proxy-service.ts';\n",
      [`${DEVNET}/p2p/proxy-service.ts`]:
        "import { h } from '../levers/hostile-node.ts';\nexport const p = 1;\n",
      [`${DEVNET}/levers/hostile-node.ts`]: 'export const h = 1;\n',
      'packages/devnet/test/tool.ts': 'export const t = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${DEVNET}/chain/node/node.ts -> ${DEVNET}/cli.ts: the devnet's chain engine never imports its command line, above it`,
      `${DEVNET}/chain/service.ts -> packages/devnet/test/tool.ts: only tests import the devnet's test tools`,
      `${DEVNET}/chain/service.ts -> ${DEVNET}/p2p/proxy-service.ts: the devnet's chain engine never imports its services, above it`,
      `${DEVNET}/common/options.ts -> ${DEVNET}/ipfs/extra-gateways.ts: the devnet's ground never imports its services, above it`,
      `${DEVNET}/json-rpc/server.ts -> ${DEVNET}/services.ts: the devnet's ground never imports its command line, above it`,
      `${DEVNET}/p2p/proxy-service.ts -> ${DEVNET}/levers/hostile-node.ts: the devnet's services never imports its levers, above it`,
    ]);
  });

  it("fails when the devnet's chain engine imports upward: pallets the RPC, the runtime a pallet", () => {
    const root = repoWith({
      [`${DEVNET}/chain/pallets/rws.ts`]:
        "import { p } from '../rpc/params.ts';\nimport { b } from '../blocks/block.ts';\nexport const r = p + b;\n",
      [`${DEVNET}/chain/rpc/params.ts`]: 'export const p = 1;\n',
      [`${DEVNET}/chain/blocks/block.ts`]: 'export const b = 1;\n',
      [`${DEVNET}/chain/runtime/weights.ts`]:
        "import { r } from '../pallets/rws.ts';\nimport { s } from '../seed.ts';\n",
      [`${DEVNET}/chain/seed.ts`]: 'export const s = 1;\n',
      [`${DEVNET}/chain/node/pool.ts`]: "import { m } from '../rpc/method-table.ts';\n",
      [`${DEVNET}/chain/rpc/method-table.ts`]: 'export const m = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${DEVNET}/chain/node/pool.ts -> ${DEVNET}/chain/rpc/method-table.ts: chain/node never imports chain/rpc, above it`,
      `${DEVNET}/chain/pallets/rws.ts -> ${DEVNET}/chain/rpc/params.ts: chain/pallets never imports chain/rpc, above it`,
      `${DEVNET}/chain/pallets/rws.ts -> ${DEVNET}/chain/blocks/block.ts: chain/pallets never imports chain/blocks, beside it`,
      `${DEVNET}/chain/runtime/weights.ts -> ${DEVNET}/chain/pallets/rws.ts: chain/runtime never imports chain/pallets, above it`,
      `${DEVNET}/chain/runtime/weights.ts -> ${DEVNET}/chain/seed.ts: chain/runtime never imports the top of chain/, above it`,
    ]);
  });

  it("fails on a loose file at the top of the devnet's src/ other than its command line", () => {
    const root = repoWith({
      [`${DEVNET}/cli.ts`]: "import { s } from './services.ts';\n",
      [`${DEVNET}/services.ts`]: 'export const s = 1;\n',
      [`${DEVNET}/prng.ts`]: 'export const p = 1;\n',
    });
    expect(checkImports(root).violations).toEqual([
      `${DEVNET}/prng.ts: only cli.ts and services.ts live at the top of the devnet's src/, every other file in a folder`,
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
