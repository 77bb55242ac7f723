import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { stringToU8a, u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import { type ChainServiceHandle, startChainService } from '../chain/service.ts';
import type { DevnetOptions, RunningServices } from '../common/options.ts';
import { OWNER_HEADER } from '../common/runtime-rules.ts';
import { tempDir, testOptions } from '../common/test-support.ts';
import { type IpfsServiceHandle, startIpfsService } from './service.ts';

// Shared by the IPFS tests (not a test file itself).

export interface TestDevnet {
  dataDir: string;
  options: DevnetOptions;
  chain: ChainServiceHandle;
  ipfs: IpfsServiceHandle;
  stop(): Promise<void>;
}

/** The chain (seeded) and the IPFS service in this process, as `devnet` starts them. */
export async function startTestDevnet(
  dataDir = tempDir('devnet-ipfs-'),
  overrides: Partial<DevnetOptions> = {},
): Promise<TestDevnet> {
  const options = testOptions(dataDir, { seed: true, ...overrides });
  const chain = await startChainService(options);
  const running: RunningServices = new Map([['chain', chain]]);
  const ipfs = await startIpfsService(options, running);
  return {
    dataDir,
    options,
    chain,
    ipfs,
    stop: async () => {
      await ipfs.stop();
      await chain.stop();
    },
  };
}

export interface SeedAccounts {
  alice: KeyringPair;
  bobEd: KeyringPair;
  controller: KeyringPair;
  charlie: KeyringPair;
  dave: KeyringPair;
}

/** The accounts of the seeded scenario (chain/seed.ts), SS58 format 32. */
export async function seedAccounts(): Promise<SeedAccounts> {
  await cryptoWaitReady();
  const keyring = new Keyring({ ss58Format: 32 });
  return {
    alice: keyring.addFromUri('//Alice', {}, 'sr25519'),
    bobEd: keyring.addFromUri('//Bob', {}, 'ed25519'),
    controller: keyring.addFromUri(SEED_CONTROLLER_MNEMONIC, {}, 'ed25519'),
    charlie: keyring.addFromUri('//Charlie', {}, 'sr25519'),
    dave: keyring.addFromUri('//Dave', {}, 'sr25519'),
  };
}

/** The app's web3 auth headers: the device signs its own address text. */
export function web3Headers(
  device: KeyringPair,
  owner: string,
  { wrapBytes = false }: { wrapBytes?: boolean } = {},
): Record<string, string> {
  const message = wrapBytes ? `<Bytes>${device.address}</Bytes>` : device.address;
  const signature = u8aToHex(device.sign(stringToU8a(message)));
  const token = Buffer.from(`sub-${device.address}:${signature}`).toString('base64');
  return { authorization: `Basic ${token}`, [OWNER_HEADER]: owner };
}

/** Deterministic, incompressible-looking bytes (xorshift32), so chunks differ from each other. */
export function pseudoRandomBytes(length: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}
