import type { RobonomicsClient } from '../model/client-type.ts';

/** rws.set_devices(devices): the whole device list of the signer's subscription. */
export function setDevicesTx(client: RobonomicsClient, devices: string[]) {
  return client.tx.rws.setDevices(devices);
}
