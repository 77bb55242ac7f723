import { blake2AsU8a, concatU8a, hexToU8a, stringToU8a, u8aToHex, xxhashAsU8a } from 'dedot/utils';
import type { CrustClient } from './client.ts';

/**
 * Storage keys of the few items the Crust client reads, as FRAME builds them:
 * twox128(pallet) ++ twox128(item) ++ for a map, hasher(SCALE key) (the *Concat hashers append
 * the SCALE key itself). See docs/crust.md.
 */

const twox128 = (text: string) => xxhashAsU8a(stringToU8a(text), 128);

export function plainKey(pallet: string, item: string): `0x${string}` {
  return u8aToHex(concatU8a(twox128(pallet), twox128(item)));
}

/** A map key with Twox64Concat: twox64(SCALE key) ++ SCALE key. */
export function twox64ConcatKey(pallet: string, item: string, scaleKey: Uint8Array): `0x${string}` {
  return u8aToHex(concatU8a(twox128(pallet), twox128(item), xxhashAsU8a(scaleKey, 64), scaleKey));
}

/** A map key with Blake2_128Concat: blake2_128(SCALE key) ++ SCALE key. */
export function blake2ConcatKey(pallet: string, item: string, scaleKey: Uint8Array): `0x${string}` {
  return u8aToHex(concatU8a(twox128(pallet), twox128(item), blake2AsU8a(scaleKey, 128), scaleKey));
}

/** The SCALE bytes stored under a key at a block (default best), or null when absent. */
export async function readStorage(
  client: CrustClient,
  key: string,
  at?: string,
): Promise<Uint8Array | null> {
  const value = await client.provider.send<string | null>(
    'state_getStorage',
    at ? [key, at] : [key],
  );
  return value ? hexToU8a(value) : null;
}

/**
 * Follows one storage key: `onChange` gets its value now and after every block that changes it.
 * Resolves to the unsubscribe function.
 */
export async function subscribeStorage(
  client: CrustClient,
  key: string,
  onChange: (value: Uint8Array | null) => void,
): Promise<() => Promise<void>> {
  const subscription = await client.provider.subscribe<{ changes: [string, string | null][] }>(
    {
      subname: 'state_storage',
      subscribe: 'state_subscribeStorage',
      params: [[key]],
      unsubscribe: 'state_unsubscribeStorage',
    },
    (error, result) => {
      if (error || !result) return;
      for (const [changed, value] of result.changes) {
        if (changed.toLowerCase() === key.toLowerCase()) onChange(value ? hexToU8a(value) : null);
      }
    },
  );
  return () => subscription.unsubscribe();
}
