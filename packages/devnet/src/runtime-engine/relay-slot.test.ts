import { ApiPromise, WsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import { bnToU8a, u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { RELAY_CURRENT_SLOT_KEY } from './relay-slot.ts';
import { type RuntimeChainHandle, startRuntimeChainService } from './service.ts';

/**
 * dev_timeTravel on the production runtime: the parachain's clock jumps, and the relay chain's
 * slot in the validation data jumps with it, so the runtime keeps accepting blocks.
 */
const DAY_MS = 86_400_000;
const dir = tempDir('devnet-time-travel-');
let chain: RuntimeChainHandle;
let provider: WsProvider;
let api: ApiPromise;

beforeAll(async () => {
  await cryptoWaitReady();
  chain = await startRuntimeChainService(testOptions(dir));
  provider = new WsProvider(chain.url);
  api = await ApiPromise.create({ provider, noInitWarn: true });
}, 240_000);
afterAll(async () => {
  await api?.disconnect();
  await chain?.stop();
  removeDir(dir);
});

const send = (method: string, params: unknown[]) => provider.send(method, params);
const head = async () => (await api.rpc.chain.getHeader()).number.toNumber();
const now = async () => (await api.query.timestamp.now()).toNumber();
/** The relay slot the runtime last accepted (AuraExt.RelaySlotInfo). */
const relaySlot = async () => {
  const [slot] = (await api.query.auraExt.relaySlotInfo()).toJSON() as [number, number];
  return slot;
};

/** Sends datalog.record as Alice; resolves with the number of the block it went into. */
async function recordIncluded(text: string): Promise<number> {
  const alice = new Keyring({ ss58Format: 32, type: 'sr25519' }).addFromUri('//Alice');
  const hash = await new Promise<string>((resolve, reject) => {
    api.tx.datalog
      .record(text)
      .signAndSend(alice, (result) => {
        if (result.status.isInBlock) resolve(result.status.asInBlock.toHex());
        if (result.isError) reject(new Error(result.status.type));
      })
      .catch(reject);
  });
  return (await api.rpc.chain.getHeader(hash)).number.toNumber();
}

describe('dev_timeTravel on the runtime engine', () => {
  it('keeps blocks coming and transactions included after a jump of days, twice', async () => {
    for (const days of [3, 40]) {
      const before = await head();
      const target = (await now()) + days * DAY_MS;
      await send('dev_timeTravel', [target]);
      await send('dev_newBlock', [{ count: 2 }]);
      expect(await head()).toBe(before + 2);
      // Two 6-second slots past the target, and the relay slot the runtime accepted with them.
      expect(await now()).toBe(target + 2 * 6_000);
      expect(await relaySlot()).toBe(Math.floor((target + 2 * 6_000) / 6_000));
      const included = await recordIncluded(`${days} days later`);
      expect(included).toBe(before + 3);
      expect(await head()).toBe(before + 3);
    }
  }, 120_000);

  it('leaves the relay slot to the caller of dev_newBlock who sets it', async () => {
    const target = (await now()) + DAY_MS;
    await send('dev_timeTravel', [target]);
    // Ahead of the slot the timestamp needs, which the devnet would otherwise put there.
    const slot = Math.floor((target + 6_000) / 6_000) + 1_000;
    const encoded = u8aToHex(bnToU8a(slot, { bitLength: 64, isLe: true }));
    await send('dev_newBlock', [{ relayChainStateOverrides: [[RELAY_CURRENT_SLOT_KEY, encoded]] }]);
    expect(await now()).toBe(target + 6_000);
    expect(await relaySlot()).toBe(slot);
  }, 60_000);
});
