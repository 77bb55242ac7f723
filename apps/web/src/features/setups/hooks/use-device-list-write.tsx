import {
  checkedSetDevicesTx,
  deviceListAsShown,
} from '@robonomics-dapp/robonomics/chain/device-list';
import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/errors';
import { type ReactNode, useState } from 'react';
import { DeviceListReview } from '../../../components/DeviceListReview.tsx';
import { useChain } from '../../../lib/chain-store.ts';
import { sendForSubscription } from '../../../lib/send-for-subscription.ts';

interface Review {
  before: string[];
  after: string[];
  decide: (sign: boolean) => void;
}

/**
 * Writes an owner's device list (rws.set_devices), signed by the owner or, through the owner's
 * subscription, by one of its devices. Before the signature the list is read from the chain
 * again and must be the one the page showed; the new list is then shown in full (`review`, to be
 * placed on the page) until the user signs or cancels, and read once more when they sign. A
 * cancel rejects with TxCancelledError.
 */
export function useDeviceListWrite(
  owner: string,
  nameOf: (address: string) => string | null,
): {
  write(shown: readonly string[], next: string[], onSigned: () => void): Promise<void>;
  review: ReactNode;
} {
  const client = useChain((s) => s.client);
  const [review, setReview] = useState<Review | null>(null);

  const write = async (shown: readonly string[], next: string[], onSigned: () => void) => {
    if (!client) throw new Error('Parachain is not ready.');
    const before = await deviceListAsShown(client, owner, shown);
    const sign = await new Promise<boolean>((decide) => setReview({ before, after: next, decide }));
    setReview(null);
    if (!sign) throw new TxCancelledError();
    const tx = await checkedSetDevicesTx(client, owner, before, next);
    await sendForSubscription(client, tx, owner, onSigned);
  };

  return {
    write,
    review: review && (
      <DeviceListReview
        before={review.before}
        after={review.after}
        nameOf={nameOf}
        onSign={() => review.decide(true)}
        onCancel={() => review.decide(false)}
      />
    ),
  };
}
