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
 * A key that changes exactly when the dial target does: a newer config with the same peer and
 * addresses keeps it (nothing to do); a peer where the last named none, another peer or other
 * addresses change it (dial again); no peer any more makes it empty (close what is open).
 */
export function dialKey(config: HaConfig | null): string {
  const target = dialTargetOf(config);
  return target ? JSON.stringify([target.peerId, target.addresses]) : '';
}

/** Why the channel dials nothing, in the user's words. */
export function noPeerReason(config: HaConfig | null, seenAt: string | null): string {
  if (!config) return "the home's config has not been found yet";
  return `the home's config names no libp2p peer yet${seenAt ? ` (config read at ${seenAt})` : ''}`;
}
