import { sendTransaction } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { throughSubscription } from '@robonomics-dapp/robonomics/chain/tx/through-subscription';
import { useChain } from '../../../lib/chain-store.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';

/**
 * Sends rws.set_devices(list) for the owner: signed directly by the owner, or through the
 * owner's subscription (rws.call) by one of its devices. Resolves once the block says so.
 */
export function useSetDevices(owner: string) {
  const client = useChain((s) => s.client);
  return async (devices: string[], onSigned: () => void) => {
    if (!client) throw new Error('Parachain is not ready.');
    const origin = useWallet.getState().origin();
    if (!origin) throw new Error('Signer required');
    const tx = await throughSubscription(
      client,
      client.tx.rws.setDevices(devices),
      origin.from,
      owner,
    );
    await sendTransaction(client, tx, origin.from, {
      signer: origin.signer,
      onPhase: (phase) => phase === 'broadcast' && onSigned(),
    });
  };
}
