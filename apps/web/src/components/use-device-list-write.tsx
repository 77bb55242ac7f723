import {
  checkedSetDevicesTx,
  deviceListAsShown,
} from '@robonomics-dapp/robonomics/chain/device-list';
import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/errors';
import { type ReactNode, useState } from 'react';
import { readyClient, sendAction } from '../lib/actions/send-action.ts';
import { DeviceListReview } from './DeviceListReview.tsx';

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
  const [review, setReview] = useState<Review | null>(null);

  const write = async (shown: readonly string[], next: string[], onSigned: () => void) => {
    const before = await deviceListAsShown(readyClient(), owner, shown);
    const sign = await new Promise<boolean>((decide) => setReview({ before, after: next, decide }));
    setReview(null);
    if (!sign) throw new TxCancelledError();
    await sendAction({
      call: (client) => checkedSetDevicesTx(client, owner, before, next),
      payer: owner,
      onSigned,
    });
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
