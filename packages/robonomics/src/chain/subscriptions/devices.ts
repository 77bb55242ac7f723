import { decodeAddress } from '@dedot/utils';
import type { RobonomicsClient } from '../client.ts';
import { fetchDevices } from '../queries/devices.ts';
import { ROBONOMICS_SS58 } from '../ss58.ts';

/**
 * Follows an owner's device list: reads it, then reloads it whenever an RWS.NewDevices event
 * names this owner (SPEC §7).
 */
export async function subscribeDevices(
  client: RobonomicsClient,
  owner: string,
  onDevices: (devices: string[]) => void,
): Promise<() => Promise<void>> {
  const ownerKey = decodeAddress(owner);
  let latest = 0;
  const reload = async () => {
    const request = ++latest;
    const devices = await fetchDevices(client, owner);
    // A slow older read must not overwrite a newer one.
    if (request === latest) onDevices(devices);
  };
  const unsub = await client.events.rws.NewDevices.watch((events) => {
    const mine = events.some((e) =>
      sameKey(decodeAddress(e.palletEvent.data[0].address(ROBONOMICS_SS58)), ownerKey),
    );
    if (mine) void reload().catch(() => {});
  });
  await reload();
  return unsub;
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
