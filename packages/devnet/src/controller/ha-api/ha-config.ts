import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HaServices } from '@robonomics-dapp/robonomics/home-assistant/config';
import { entityDomain } from '@robonomics-dapp/robonomics/home-assistant/states';
import type { ConfigBase } from '../publishing/publisher.ts';
import { parseJsonKeepingFloats } from './python-json.ts';

/**
 * The config Home Assistant publishes for a home (see docs/home-assistant.md, "The config"):
 * the service descriptions of the domains that have entities, the Lovelace dashboard, the
 * telemetry interval as timedelta.seconds, the proxy's peer id and addresses followed by HA's
 * guess of its LAN address.
 */

/** HA's service descriptions per domain (what async_get_all_descriptions gives). */
export const SERVICE_CATALOGUE = fileURLToPath(
  new URL('../../../fixtures/ha-services.json', import.meta.url),
);
/** The sample home's Lovelace dashboard, as HA stores it. */
export const SAMPLE_DASHBOARD = fileURLToPath(
  new URL('../../../fixtures/sample-dashboard.json', import.meta.url),
);

/** Reads a fixture keeping its floats (1.0 stays a float for json.dumps). */
export function readFixture(file: string): unknown {
  return parseJsonKeepingFloats(readFileSync(file, 'utf8'));
}

/**
 * `services`: for each entity in registry order, its domain's descriptions, once per domain;
 * domains without services (sensor, binary_sensor, event) are left out.
 */
export function servicesForEntities(
  catalogue: HaServices,
  entityIds: readonly string[],
): HaServices {
  const services: HaServices = {};
  for (const entityId of entityIds) {
    const domain = entityDomain(entityId);
    if (Object.hasOwn(services, domain) || !Object.hasOwn(catalogue, domain)) continue;
    services[domain] = catalogue[domain]!;
  }
  return services;
}

/** `sending_timeout`: timedelta(minutes=N).seconds, which drops whole days. */
export function sendingTimeout(minutes: number): number {
  return Math.round(minutes * 60) % 86_400;
}

/**
 * HA's LAN address: the source address of a UDP socket "connected" to 8.8.8.8 (which sends
 * nothing). Null when there is no route.
 */
export function lanIp(): Promise<string | null> {
  return new Promise<string | null>((resolve) => {
    const socket = createSocket('udp4');
    const done = (value: string | null) => {
      socket.close();
      resolve(value);
    };
    socket.on('error', () => done(null));
    try {
      socket.connect(1, '8.8.8.8', () => {
        try {
          done(socket.address().address);
        } catch {
          done(null);
        }
      });
    } catch {
      done(null);
    }
  });
}

/** HA's own guess of where the proxy listens: its LAN address on the proxy's port. */
export function lanGuessAt(ip: string | null, peerId: string, port: number): string | null {
  return ip && peerId ? `/ip4/${ip}/tcp/${port}/ws/p2p/${peerId}` : null;
}

export interface ConfigInputs {
  catalogue: HaServices;
  dashboard: unknown;
  entityIds: readonly string[];
  /** The telemetry interval in minutes (HA's option). */
  intervalMinutes: number;
  peerId: string;
  /** What the proxy announced: its relay circuit address and any listen address. */
  proxyAddresses: readonly string[];
  /** HA's LAN-address guess, null when it has none. */
  lanAddress: string | null;
}

/** Everything of `_format_new_config` but the twin id, in HA's key order. */
export function buildConfig(inputs: ConfigInputs): ConfigBase {
  return {
    services: servicesForEntities(inputs.catalogue, inputs.entityIds),
    dashboard: inputs.dashboard,
    sending_timeout: sendingTimeout(inputs.intervalMinutes),
    peer_id: inputs.peerId,
    libp2p_multiaddress: [...inputs.proxyAddresses, inputs.lanAddress],
  };
}
