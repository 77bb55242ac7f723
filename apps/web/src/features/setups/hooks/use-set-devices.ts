import { setDevicesTx } from '@robonomics-dapp/robonomics/chain/tx/set-devices';
import { useChain } from '../../../lib/chain-store.ts';
import { sendForSubscription } from '../../../lib/send-for-subscription.ts';

/**
 * Sends rws.set_devices(list) for the owner: signed directly by the owner, or through the
 * owner's subscription (rws.call) by one of its devices. Resolves once the block says so.
 */
export function useSetDevices(owner: string) {
  const client = useChain((s) => s.client);
  return async (devices: string[], onSigned: () => void) => {
    if (!client) throw new Error('Parachain is not ready.');
    await sendForSubscription(client, setDevicesTx(client, devices), owner, onSigned);
  };
}
