import {
  compactAddLength,
  compactStripLength,
  hexToU8a,
  stringToU8a,
  u8aConcat,
  u8aToHex,
  u8aToString,
} from '@polkadot/util';
import type { HexString } from '@polkadot/util/types';
import { cryptoWaitReady, xxhashAsU8a } from '@polkadot/util-crypto';
import { DEV_ENDOWMENT, devAccounts, XRT } from '../chain/pallets/dev-accounts.ts';
import { CODE_KEY } from '../chain/runtime/runtime-upgrades.ts';
import type { Chopsticks } from './chopsticks.ts';

/** What GenesisProvider takes: a raw chain spec. */
export interface RawChainSpec {
  id: string;
  name: string;
  properties: { ss58Format: number; tokenDecimals: number; tokenSymbol: string };
  genesis: { raw: { top: Record<string, string> } };
}

/** The identity the engine reports (system_chain, system_name), as the TypeScript engine. */
export const CHAIN_NAME = 'Robonomics Local Development';
export const NODE_NAME = 'Robonomics Devnet (real runtime, Chopsticks)';
export const PARACHAIN_ID = 2048;

function storageValueKey(pallet: string, item: string): HexString {
  return u8aToHex(u8aConcat(xxhashAsU8a(pallet, 128), xxhashAsU8a(item, 128)));
}

/** Runs one runtime API call with nothing in storage but what the call itself writes. */
export async function callOnEmptyState(
  chopsticks: Chopsticks,
  code: HexString,
  method: string,
  args?: HexString,
) {
  const response = await chopsticks.runTask(
    {
      wasm: code,
      calls: [[method, args ? [args] : []]],
      mockSignatureHost: false,
      allowUnresolvedImports: false,
      runtimeLogLevel: 0,
    },
    {
      ...chopsticks.emptyTaskHandler,
      getStorage: async () => undefined,
      getNextKey: async () => undefined,
    },
  );
  if ('Error' in response) throw new Error(`${method} failed: ${response.Error}`);
  return response.Call;
}

/**
 * The runtime's own genesis for a development chain, built by its GenesisBuilder API: the
 * runtime's defaults with the devnet's dev preset on top (every dev account endowed with
 * 1,000,000 XRT, Alice sudo, collator and Aura authority, para id 2048). Alice is also the RWS
 * oracle, a value the runtime's genesis config does not cover, so it goes into storage directly.
 */
export async function buildGenesis(chopsticks: Chopsticks, code: HexString): Promise<RawChainSpec> {
  await cryptoWaitReady();
  const defaults = await callOnEmptyState(chopsticks, code, 'GenesisBuilder_get_preset', '0x00');
  const presetBytes = hexToU8a(defaults.result);
  if (presetBytes[0] !== 1) throw new Error('the runtime has no default genesis config');
  const config = JSON.parse(u8aToString(compactStripLength(presetBytes.subarray(1))[1])) as Record<
    string,
    Record<string, unknown>
  >;
  // Genesis JSON takes SS58 addresses; the generic prefix 42 is what every runtime accepts.
  const accounts = devAccounts(42);
  const alice = accounts[0]!;
  if (DEV_ENDOWMENT > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('endowment too large');
  config.balances = {
    ...config.balances,
    balances: accounts.map((a) => [a.address, Number(DEV_ENDOWMENT)]),
  };
  config.sudo = { key: alice.address };
  config.parachainInfo = { parachainId: PARACHAIN_ID };
  config.collatorSelection = {
    ...config.collatorSelection,
    invulnerables: [alice.address],
    candidacyBond: Number(32n * XRT),
  };
  config.session = {
    ...config.session,
    keys: [[alice.address, alice.address, { aura: alice.address }]],
  };

  const built = await callOnEmptyState(
    chopsticks,
    code,
    'GenesisBuilder_build_state',
    u8aToHex(compactAddLength(stringToU8a(JSON.stringify(config)))),
  );
  if (!built.result.startsWith('0x00')) {
    throw new Error(`the runtime refused the genesis config: ${built.result}`);
  }
  const top: Record<string, string> = {};
  for (const [key, value] of built.storageDiff) if (value !== null) top[key] = value;
  top[CODE_KEY] = code;
  top[storageValueKey('RWS', 'Oracle')] = u8aToHex(alice.publicKey);
  // GenesisProvider walks keys in order.
  const sorted = Object.fromEntries(Object.entries(top).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    id: CHAIN_NAME,
    name: NODE_NAME,
    properties: { ss58Format: 32, tokenDecimals: 9, tokenSymbol: 'XRT' },
    genesis: { raw: { top: sorted } },
  };
}
