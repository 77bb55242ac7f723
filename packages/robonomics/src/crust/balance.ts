import { decodeAddress } from 'dedot/utils';
import type { AccountLayout } from './chain-description.ts';
import type { CrustClient } from './client.ts';
import { blake2ConcatKey, readStorage } from './storage.ts';

/** u128 little-endian at `offset`. */
function u128At(bytes: Uint8Array, offset: number): bigint {
  let value = 0n;
  for (let i = 15; i >= 0; i--) value = (value << 8n) | BigInt(bytes[offset + i] ?? 0);
  return value;
}

/**
 * What an account can spend on Crust: free minus what is frozen. The market itself checks
 * free − max(misc_frozen, fee_frozen) on Crust's account layout, free − frozen on current FRAME.
 */
export function spendableOf(bytes: Uint8Array, layout: AccountLayout): bigint {
  const at = layout.dataOffset;
  const free = u128At(bytes, at);
  let frozen = u128At(bytes, at + 32);
  if (layout.frozen === 'misc-fee') {
    const fee = u128At(bytes, at + 48);
    if (fee > frozen) frozen = fee;
  }
  return free > frozen ? free - frozen : 0n;
}

/** System.Account(address): the spendable balance, 0 for an account the chain does not know. */
export async function fetchCrustBalance(client: CrustClient, address: string): Promise<bigint> {
  const { chain } = client;
  const bytes = await readStorage(
    client,
    blake2ConcatKey('System', 'Account', decodeAddress(address)),
  );
  const value = bytes ?? chain.storage.systemAccount.fallback;
  return value ? spendableOf(value, chain.account) : 0n;
}
