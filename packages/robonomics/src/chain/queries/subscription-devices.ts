import type { RobonomicsClient } from '../model/client-type.ts';
import { ROBONOMICS_SS58 } from '../model/ss58.ts';

/** The accounts allowed to act through an owner's subscription (RWS.Devices), as SS58-32. */
export async function fetchSubscriptionDevices(
  client: RobonomicsClient,
  owner: string,
): Promise<string[]> {
  const devices = await client.query.rws.devices(owner);
  return devices.map((d) => d.address(ROBONOMICS_SS58));
}
