import type { Call } from '@polkadot/types/interfaces';
import type { Codec } from '@polkadot/types/types';
import { u8aConcat } from '@polkadot/util';
import type { DispatchErrorValue, RuntimeCodec } from './runtime-codec.ts';
import type { WorkingState } from './state.ts';

export type Origin = { kind: 'signed'; who: Uint8Array } | { kind: 'root' } | { kind: 'none' };

export type Phase = { ApplyExtrinsic: number } | 'Finalization' | 'Initialization';

/** A dispatch that failed with a DispatchError; its layer is rolled back. */
export class DispatchFailure extends Error {
  constructor(readonly error: DispatchErrorValue) {
    super(typeof error === 'string' ? error : JSON.stringify(error));
    this.name = 'DispatchFailure';
  }
}

/** What a pallet call sees: state, time, its origin's events and the dispatcher for nested calls. */
export class ExecContext {
  phase: Phase = 'Initialization';

  constructor(
    readonly runtime: RuntimeCodec,
    readonly state: WorkingState,
    readonly blockNumber: number,
    /** Timestamp.Now as the pallets see it (the previous block's during on_initialize). */
    public now: bigint,
    readonly dispatcher: (ctx: ExecContext, call: Call, origin: Origin) => void,
  ) {}

  read<T extends Codec = Codec>(section: string, item: string, ...args: unknown[]): T | null {
    const raw = this.state.get(this.runtime.key(section, item, ...args));
    const type = this.runtime.valueType(section, item);
    if (raw === null) {
      return this.runtime.isOptional(section, item)
        ? null
        : this.runtime.decode<T>(type, this.runtime.fallback(section, item));
    }
    return this.runtime.decode<T>(type, raw);
  }

  write(section: string, item: string, args: unknown[], value: unknown): void {
    const type = this.runtime.valueType(section, item);
    this.state.set(this.runtime.key(section, item, ...args), this.runtime.encode(type, value));
  }

  remove(section: string, item: string, ...args: unknown[]): void {
    this.state.set(this.runtime.key(section, item, ...args), null);
  }

  /** Deposits an event record in the current phase (topics are empty, as FRAME's deposit_event). */
  deposit(pallet: string, name: string, data: Record<string, unknown> | unknown[]): void {
    const phase = this.runtime.registry.createType('Phase', this.phase).toU8a();
    this.state.events.push(
      u8aConcat(phase, this.runtime.event(pallet, name, data), new Uint8Array([0])),
    );
  }

  fail(pallet: string, error: string): never {
    throw new DispatchFailure(this.runtime.moduleError(pallet, error));
  }

  dispatch(call: Call, origin: Origin): void {
    this.dispatcher(this, call, origin);
  }
}

export function signedBy(origin: Origin): Uint8Array {
  if (origin.kind !== 'signed') throw new DispatchFailure('BadOrigin');
  return origin.who;
}

export function ensureRoot(origin: Origin): void {
  if (origin.kind !== 'root') throw new DispatchFailure('BadOrigin');
}
