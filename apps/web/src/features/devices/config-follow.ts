import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';

/**
 * How the peer-to-peer channel follows the home's config (docs/devices-page.md, "Following the
 * config"): what a config asks to dial, what a newer one changes, and why there is nothing to dial.
 */

/** The peer a config names and the addresses it lists for it, as the channel would dial them. */
export interface DialTarget {
  peerId: string;
  addresses: string[];
}

/** What a config asks the channel to dial; null when it names no peer. */
export function dialTargetOf(config: HaConfig | null): DialTarget | null {
  if (!config?.peer_id) return null;
  const addresses = (config.libp2p_multiaddress ?? []).filter(
    (a): a is string => typeof a === 'string' && a !== '',
  );
  return { peerId: config.peer_id, addresses };
}

/**
 * What a newer config changes for the channel: the same peer and addresses (nothing to do), a
 * peer where the last named none, another peer or other addresses (dial it), or no peer any more
 * (close what is open and say why).
 */
export type DialChange =
  | 'same'
  | 'first-peer'
  | 'new-peer'
  | 'new-addresses'
  | 'peer-gone'
  | 'none';

export function dialChange(dialled: DialTarget | null, next: DialTarget | null): DialChange {
  if (!next) return dialled ? 'peer-gone' : 'none';
  if (!dialled) return 'first-peer';
  if (dialled.peerId !== next.peerId) return 'new-peer';
  const same =
    dialled.addresses.length === next.addresses.length &&
    dialled.addresses.every((a, i) => a === next.addresses[i]);
  return same ? 'same' : 'new-addresses';
}

/** A key that changes exactly when the dial target does. */
export function dialKey(config: HaConfig | null): string {
  const target = dialTargetOf(config);
  return target ? JSON.stringify([target.peerId, target.addresses]) : '';
}

/** Why the channel dials nothing, in the user's words. */
export function noPeerReason(config: HaConfig | null, seenAt: string | null): string {
  if (!config) return "the home's config has not been found yet";
  return `the home's config names no libp2p peer yet${seenAt ? ` (config read at ${seenAt})` : ''}`;
}
