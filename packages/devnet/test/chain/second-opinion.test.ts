import { encodeAddress } from '@polkadot/util-crypto';
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import type { MinimalWebSocket } from '@robonomics-dapp/robonomics/chain/connection/rpc-socket';
import {
  askSecondOpinion,
  decisionFacts,
  disagreementText,
} from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type HostileNode, startHostileNode } from '../../src/hostile-node.ts';
import { removeDir } from '../../src/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The app connected through a node that lies about what a purchase or a device-list change
// decides (src/hostile-node.ts), with the devnet itself as the second node: the second opinion
// read at the same finalized block catches each lie and names what differs.
/** An account the seed gives nothing. */
const NOBODY = encodeAddress(new Uint8Array(32).fill(7), 32);

let devnet: DevnetProcess;
let hostile: HostileNode;
let connection: ChainConnection;
const createSocket = (url: string) => new WebSocket(url) as unknown as MinimalWebSocket;

beforeAll(async () => {
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  hostile = await startHostileNode({ target: devnet.url });
  connection = new ChainConnection(hostile.url, { cacheStorage: new MemoryStorage() });
  const client = await connection.ready();
  // The opinion is taken at the finalized block, which trails the seed's blocks by the devnet's
  // finality lag (longer on a loaded machine): the seeded state must be final first.
  const seeded = (await client.rpc.chain_getHeader())?.number ?? 0;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const head = await client.rpc.chain_getHeader(await client.rpc.chain_getFinalizedHead());
    if ((head?.number ?? 0) >= seeded || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterEach(() => {
  hostile.rules = {};
});
afterAll(async () => {
  await connection?.disconnect();
  await hostile?.close();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

const ask = (owner: string, endpoint = devnet.url) => {
  const client = connection.client!;
  return askSecondOpinion(client, endpoint, decisionFacts(client, owner), {
    createSocket,
    timeoutMs: 3_000,
  });
};

describe('a second node before decisions', () => {
  it('agrees with an honest node at its finalized block', async () => {
    const opinion = await ask(ALICE);
    expect(opinion).toMatchObject({ kind: 'agree', endpoint: devnet.url });
    expect(opinion.kind === 'agree' && opinion.block).toBeGreaterThan(0);
  });

  it('catches a node that leaves a device out of the list a change would rewrite', async () => {
    const devices = await connection.client!.query.rws.devices(ALICE);
    hostile.rules = { hiddenDevice: { owner: ALICE, device: devices[0]!.address(32) } };
    const opinion = await ask(ALICE);
    expect(opinion).toMatchObject({ kind: 'disagree', differ: ['the device list'] });
    if (opinion.kind !== 'disagree') throw new Error('expected a disagreement');
    expect(disagreementText(hostile.url, opinion)).toBe(
      `Nothing was signed: the node ${hostile.url} and the second node ${devnet.url} disagree about the device list at finalized block #${opinion.block}. One of them is wrong; try again later or choose another node.`,
    );
  });

  it('catches a running subscription reported as gone, and one reported for an account without', async () => {
    const client = connection.client!;
    const [aliceLedger] = decisionFacts(client, ALICE);
    const [nobodyLedger] = decisionFacts(client, NOBODY);
    // Gone: "Renew subscription" would be offered and a bid signed.
    hostile.rules = { storage: { [aliceLedger!.key]: null } };
    expect(await ask(ALICE)).toMatchObject({ kind: 'disagree', differ: ['the subscription'] });
    // Alice's ledger reported for an account that has none: its purchase would be blocked.
    hostile.rules = {};
    const bytes = await client.rpc.state_getStorage(aliceLedger!.key);
    expect(bytes).toMatch(/^0x[0-9a-f]+$/);
    hostile.rules = { storage: { [nobodyLedger!.key]: bytes ?? null } };
    expect(await ask(NOBODY)).toMatchObject({ kind: 'disagree', differ: ['the subscription'] });
  });

  it('says a second node that does not answer is unavailable, without deciding anything', async () => {
    const opinion = await ask(ALICE, 'ws://127.0.0.1:1');
    expect(opinion).toMatchObject({ kind: 'unavailable', endpoint: 'ws://127.0.0.1:1' });
  });
});
