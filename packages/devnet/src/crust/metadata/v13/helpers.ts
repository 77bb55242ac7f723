import type { TypeRegistry } from '@polkadot/types';
import { u8aToHex } from '@polkadot/util';

/**
 * The tools the V13 module descriptions are written with: V13 names every type by its Rust
 * spelling, so an item is a name, a type string and a default value.
 */

export type Hasher = 'Blake2_128Concat' | 'Twox64Concat';
export type Modifier = 'Optional' | 'Default';

export interface StorageItem {
  name: string;
  modifier: Modifier;
  type: { Plain: string } | { Map: { hasher: Hasher; key: string; value: string; linked: false } };
  fallback: string;
  docs: string[];
}

export interface Call {
  name: string;
  args: { name: string; type: string }[];
  docs: string[];
}

export const plain = (
  name: string,
  type: string,
  fallback: string,
  modifier: Modifier = 'Default',
): StorageItem => ({ name, modifier, type: { Plain: type }, fallback, docs: [] });

export const map = (
  name: string,
  hasher: Hasher,
  key: string,
  value: string,
  fallback: string,
  modifier: Modifier = 'Default',
): StorageItem => ({
  name,
  modifier,
  type: { Map: { hasher, key, value, linked: false } },
  fallback,
  docs: [],
});

export const call = (name: string, ...args: [string, string][]): Call => ({
  name,
  args: args.map(([argName, type]) => ({ name: argName, type })),
  docs: [],
});

export const event = (name: string, ...args: string[]) => ({ name, args, docs: [] as string[] });
export const error = (name: string, ...docs: string[]) => ({ name, docs });

export const constant = (name: string, type: string, value: string) => ({
  name,
  type,
  value,
  docs: [] as string[],
});

/** The zero value of a fixed-size type, as hex. */
export const zero = (bytes: number) => u8aToHex(new Uint8Array(bytes));

/** SCALE encoders over a legacy registry: values as the 2021 runtime encodes them. */
export function encoders(registry: TypeRegistry) {
  // The SCALE bytes as hex (toHex() of a number codec would be big-endian, not its encoding).
  const enc = (type: string, value: unknown) => u8aToHex(registry.createType(type, value).toU8a());
  return {
    enc,
    u32: (v: number) => enc('u32', v),
    u128: (v: bigint) => enc('u128', v),
    perbill: (v: number) => enc('Perbill', v),
  };
}

export type Encoders = ReturnType<typeof encoders>;

/** A module as the V13 metadata lists it. */
export interface ModuleMetadata {
  name: string;
  index: number;
  storage: { prefix: string; items: StorageItem[] };
  calls: Call[] | null;
  events: ReturnType<typeof event>[] | null;
  constants: ReturnType<typeof constant>[];
  errors: ReturnType<typeof error>[];
}
