import { decodeAddress, encodeAddress } from '@polkadot/util-crypto';
import type { ChainLink } from './chain.ts';
import { SS58_PREFIX } from './chain.ts';

/** An address in the one form HA compares (SS58-32), or undefined when it is none. */
export function normalizeAddress(address: unknown): string | undefined {
  if (typeof address !== 'string' || !address.trim()) return undefined;
  try {
    const bytes = decodeAddress(address.trim());
    return bytes.length === 32 ? encodeAddress(bytes, SS58_PREFIX) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The RWS subscription the controller belongs to: its owner (given, or found as the account
 * whose `rws.devices` lists the controller) and its devices, refreshed from the chain on demand
 * and on NewDevices events.
 */
export class SubscriptionView {
  private currentOwner: string | undefined;
  private list: string[] = [];
  private loaded = false;

  constructor(
    private readonly chain: ChainLink,
    readonly controller: string,
    private readonly fixedOwner?: string,
  ) {
    this.currentOwner = fixedOwner ? normalizeAddress(fixedOwner) : undefined;
  }

  get owner(): string | undefined {
    return this.currentOwner;
  }

  /** The devices as last read (SS58-32), the controller included when the chain lists it. */
  get devices(): readonly string[] {
    return this.list;
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Reads owner and devices again. Throws when the controller belongs to no subscription. */
  async refresh(): Promise<{ owner: string; devices: string[] }> {
    let owner = this.currentOwner;
    let devices = owner ? await this.chain.devices(owner) : [];
    if (!this.fixedOwner && (!owner || !devices.includes(this.controller))) {
      const owners = await this.chain.ownersOf(this.controller);
      owner = undefined;
      for (const candidate of owners) {
        if (await this.chain.ledger(candidate)) {
          owner = candidate;
          break;
        }
      }
      owner ??= owners[0];
      devices = owner ? await this.chain.devices(owner) : [];
    }
    if (!owner) {
      this.list = [];
      this.loaded = false;
      throw new Error(`The controller ${this.controller} is not a device of any RWS subscription.`);
    }
    this.currentOwner = owner;
    this.list = devices;
    this.loaded = true;
    return { owner, devices };
  }

  /** Senders HA accepts: the controller itself and the subscription's devices. */
  isAllowed(address: string): boolean {
    const normalized = normalizeAddress(address);
    return (
      normalized !== undefined && (normalized === this.controller || this.list.includes(normalized))
    );
  }

  /** Who gets the envelopes: the devices other than the controller (which is added anyway). */
  recipients(): string[] {
    return this.list.filter((address) => address !== this.controller);
  }
}
