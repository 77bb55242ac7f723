import { circuitAddress } from '../p2p/relays.ts';
import { isPlainObject, payloadObject, type Validation } from './python-payload.ts';

/**
 * The config the controller publishes (docs/home-assistant.md, The config):
 * {services, dashboard, twin_id, sending_timeout, peer_id, libp2p_multiaddress}. Validation is as
 * tolerant as the producer is loose: odd fields fall back to the value HA writes when it lacks one.
 */

/** One HA service description ({name, description, fields, target, …}); kept as sent. */
export type HaServiceDescription = Record<string, unknown>;
/** {domain: {service: description}}. */
export type HaServices = Record<string, Record<string, HaServiceDescription>>;

export interface HaConfig {
  /** Null when HA could not list them. */
  services: HaServices | null;
  /** The Lovelace dashboard as stored; null in auto-generated mode. */
  dashboard: unknown;
  /** -1 when unknown. */
  twin_id: number;
  /** Seconds between telemetry sends (HA default 600). */
  sending_timeout: number;
  /** The libp2p proxy's peer id; "" when HA has not heard from the proxy. */
  peer_id: string;
  /** May hold null: HA's LAN-address guess when it has none. */
  libp2p_multiaddress: (string | null)[];
}

export const DEFAULT_SENDING_TIMEOUT = 600;
export const CONFIG_KEYS = [
  'services',
  'dashboard',
  'twin_id',
  'sending_timeout',
  'peer_id',
  'libp2p_multiaddress',
] as const;
/** The app's error when the config gives no way to dial the controller. */
export const NO_PEER_ID = 'not found peer_id';

/** An integer from a number or numeric text, else undefined. */
export function toInteger(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
}

/** Twin ids are ≥ 0; anything else means "unknown" (-1), as HA writes it. */
export function toTwinId(value: unknown): number {
  const n = toInteger(value);
  return n !== undefined && n >= 0 ? n : -1;
}

function toServices(value: unknown): HaServices | null {
  if (!isPlainObject(value)) return null;
  const domains: [string, Record<string, HaServiceDescription>][] = [];
  for (const [domain, services] of Object.entries(value)) {
    if (!isPlainObject(services)) continue;
    // A service without a description object still exists for HA; keep it with an empty one.
    const entries = Object.entries(services).map(
      ([name, description]) =>
        [name, isPlainObject(description) ? description : {}] as [string, HaServiceDescription],
    );
    domains.push([domain, Object.fromEntries(entries)]);
  }
  return Object.fromEntries(domains);
}

function toMultiaddresses(value: unknown): (string | null)[] {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return list.map((item) => (typeof item === 'string' && item.trim() ? item.trim() : null));
}

export function validateHaConfig(input: unknown): Validation<HaConfig> {
  const read = payloadObject(input, 'Home Assistant config');
  if (!read.ok) return read;
  const raw = read.value;
  if (!CONFIG_KEYS.some((key) => key in raw)) {
    return {
      ok: false,
      error: `This is not a Home Assistant config: it has none of ${CONFIG_KEYS.join(', ')}.`,
    };
  }
  const timeout = toInteger(raw.sending_timeout);
  return {
    ok: true,
    value: {
      services: toServices(raw.services),
      dashboard: raw.dashboard ?? null,
      twin_id: toTwinId(raw.twin_id),
      // 0 happens when HA's timedelta.seconds wraps at whole days; it is no usable interval.
      sending_timeout: timeout !== undefined && timeout > 0 ? timeout : DEFAULT_SENDING_TIMEOUT,
      peer_id: typeof raw.peer_id === 'string' ? raw.peer_id.trim() : '',
      libp2p_multiaddress: toMultiaddresses(raw.libp2p_multiaddress),
    },
  };
}

/**
 * Where the app dials, as it splits them: empty entries dropped; relayed ("p2p-circuit")
 * addresses apart, tried after the direct ones. The app's own relays follow as a last resort:
 * `<relay>/p2p-circuit/p2p/<peer id>` reaches a home whose proxy holds a slot there even when
 * its config names no circuit address (see docs/libp2p.md).
 */
export function dialAddresses(
  config: HaConfig,
  relays: readonly string[] = [],
): { direct: string[]; circuit: string[] } {
  const all = config.libp2p_multiaddress.filter((a): a is string => !!a);
  const circuit = all.filter((a) => a.includes('p2p-circuit'));
  if (config.peer_id) {
    for (const relay of relays) {
      const multiaddr = circuitAddress(relay, config.peer_id);
      if (!circuit.includes(multiaddr)) circuit.push(multiaddr);
    }
  }
  return { direct: all.filter((a) => !a.includes('p2p-circuit')), circuit };
}

/** The peer-to-peer path needs a peer id; without one the app falls back to the chain. */
export function peerIdOrError(config: HaConfig): Validation<string> {
  return config.peer_id ? { ok: true, value: config.peer_id } : { ok: false, error: NO_PEER_ID };
}

/** The UI offers a command only when HA registered that service for the domain. */
export function hasService(config: HaConfig, domain: string, service: string): boolean {
  // Own keys only: "constructor" or "__proto__" must not match inherited members.
  const services = config.services;
  if (!services || !Object.hasOwn(services, domain)) return false;
  const forDomain = services[domain];
  return typeof forDomain === 'object' && forDomain !== null && Object.hasOwn(forDomain, service);
}
