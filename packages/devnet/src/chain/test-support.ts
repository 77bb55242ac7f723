import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import type { Call } from '@polkadot/types/interfaces';
import type { ChainNode } from './node/node.ts';
import type { Runtime } from './runtime/runtime.ts';

// Shared by the chain tests and benchmarks (not a test file itself).

/** A dev account (sr25519) by name: Alice, Bob, … */
export function devPair(name: string): KeyringPair {
  return new Keyring({ ss58Format: 32, type: 'sr25519' }).addFromUri(`//${name}`);
}

/** A call of the runtime from its pallet, call index and arguments. */
export function makeCall(runtime: Runtime, pallet: string, index: number, args: unknown): Call {
  return runtime.registry.createType('Call', {
    callIndex: [runtime.palletIndex(pallet), index],
    args,
  }) as Call;
}

/** datalog.record(text). */
export function recordCall(runtime: Runtime, text: string): Call {
  return makeCall(runtime, 'Datalog', 0, { record: text });
}

/** An immortal signed extrinsic of `call` by `pair` with `nonce`, as hex. */
export function signedHex(
  runtime: Runtime,
  node: Pick<ChainNode, 'genesisHash'>,
  pair: KeyringPair,
  call: Call,
  nonce: number,
): string {
  const { registry } = runtime;
  const ext = registry.createType('Extrinsic', { method: call }, { version: 4 });
  ext.sign(pair, {
    blockHash: node.genesisHash,
    genesisHash: node.genesisHash,
    era: registry.createType('ExtrinsicEra', new Uint8Array([0])),
    nonce,
    runtimeVersion: runtime.version as never,
    signedExtensions: registry.signedExtensions,
  });
  return ext.toHex();
}

/** The same call unsigned (version byte 4, no signature). */
export function unsignedHex(runtime: Runtime, call: Call): string {
  return runtime.registry.createType('Extrinsic', { method: call }, { version: 4 }).toHex();
}

/** Calls nested `depth` levels deep: utility.batch([utility.batch([… system.remark(0x)])]). */
export function nestedBatchCall(runtime: Runtime, depth: number): Uint8Array {
  const utility = runtime.palletIndex('Utility');
  const system = runtime.palletIndex('System');
  const bytes = new Uint8Array(depth * 3 + 3);
  for (let i = 0; i < depth; i++) bytes.set([utility, 0, 4], i * 3);
  bytes.set([system, 0, 0], depth * 3);
  return bytes;
}
