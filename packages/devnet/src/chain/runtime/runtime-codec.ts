import type { Metadata, TypeRegistry } from '@polkadot/types';
import type { expandMetadata } from '@polkadot/types/metadata';
import type { Codec } from '@polkadot/types/types';

/** A DispatchError value as @polkadot/types accepts it. */
export type DispatchErrorValue = Record<string, unknown> | string;

/**
 * What a pallet call reads of the runtime through its context (context.ts): the metadata and
 * the encodings derived from it. Runtime (runtime.ts) implements it; naming it here keeps the
 * context from depending on the runtime that runs calls in contexts.
 */
export interface RuntimeCodec {
  readonly registry: TypeRegistry;
  readonly metadata: Metadata;
  readonly decorated: ReturnType<typeof expandMetadata>;
  /** RWS.AuctionDuration (0 on a chain without RWS). */
  readonly auctionDuration: number;
  /** Balances.ExistentialDeposit of the metadata. */
  readonly existentialDeposit: bigint;
  /** The storage key of an item, with its map keys. */
  key(section: string, item: string, ...args: unknown[]): string;
  /** The key prefix every entry of a storage map shares. */
  prefix(section: string, item: string): string;
  valueType(section: string, item: string): string;
  isOptional(section: string, item: string): boolean;
  /** The default value of a storage item. */
  fallback(section: string, item: string): Uint8Array;
  encode(type: string, value: unknown): string;
  decode<T extends Codec = Codec>(type: string, bytes: string | Uint8Array): T;
  /** An event's SCALE bytes (RuntimeEvent variant), by pallet and name. */
  event(pallet: string, name: string, data: Record<string, unknown> | unknown[]): Uint8Array;
  /** DispatchError::Module of a pallet error, by name. */
  moduleError(pallet: string, name: string): DispatchErrorValue;
}
