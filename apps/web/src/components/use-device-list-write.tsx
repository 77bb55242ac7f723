import {
  checkedSetDevicesTx,
  fundingForNewDevices,
  requireShownList,
} from '@robonomics-dapp/robonomics/chain/flows/device-list';
import { maxDevicesOf } from '@robonomics-dapp/robonomics/chain/metadata/runtime-features';
import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/model/errors';
import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import {
  type DeviceFunding,
  deviceBoundText,
  withConfirmedDevices,
} from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { type ReactNode, useState } from 'react';
import { readyClient, sendAction } from '../lib/actions/send-action.ts';
import { checkOwnerFacts, DEVICE_BOUND, type FactsCheck } from '../lib/chain/second-opinion.ts';
import {
  type ConfirmedDevices,
  readConfirmedDevices,
  writeConfirmedDevices,
} from '../lib/storage/confirmed-subscription-devices.ts';
import { useChain } from '../lib/stores/chain-store.ts';
import { useWallet } from '../lib/wallet/wallet-store.ts';
import { DeviceListReview } from './DeviceListReview.tsx';

interface Review {
  before: string[];
  after: string[];
  funding: DeviceFunding[];
  /** The list the owner last confirmed here, and what of it the node's answer left out. */
  confirmed: ConfirmedDevices | null;
  restored: string[];
  /** How the list before the change was checked: confirmed by a second node, or why not. */
  checked: FactsCheck;
  decide: (sign: boolean) => void;
}

/**
 * Writes an owner's device list (rws.set_devices), signed by the owner or, through the owner's
 * subscription, by one of its devices. Before the signature the list is read from the chain
 * again and must be the one the page showed; the new list is then shown in full (`review`, to be
 * placed on the page) until the user signs or cancels, and read once more when they sign. A
 * cancel rejects with TxCancelledError. When the owner signs, new devices that do not exist on
 * the chain yet get what they need to exist in the same batch, shown in the review too. No change
 * drops a device by default: what the node's answer left out of the list the owner last confirmed
 * in this browser is put back (and said so), and devices that appeared since are marked.
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
    const client = readyClient();
    const endpoint = useChain.getState().endpoint;
    // The list this change rewrites, read at the final block and compared with a second node's,
    // before anything is reviewed: the change is decided from it alone.
    const checked = await checkOwnerFacts(client, owner, DEVICE_BOUND);
    const before = requireShownList(checked.facts.devices, shown);
    const confirmed = readConfirmedDevices(endpoint, owner);
    const { devices: after, restored } = withConfirmedDevices(
      before,
      next,
      confirmed?.devices ?? [],
    );
    // The runtime's bound, said before anything is signed (a longer list fails to decode).
    const max = maxDevicesOf(client);
    if (max !== null && after.length > max) throw new Error(deviceBoundText(max));
    const signer = useWallet.getState().address;
    // Only the owner's own transfers: a device signing through the subscription would pay them.
    const funding =
      signer && addressEq(signer, owner) ? await fundingForNewDevices(client, before, after) : [];
    const sign = await new Promise<boolean>((decide) =>
      setReview({ before, after, funding, confirmed, restored, checked, decide }),
    );
    setReview(null);
    if (!sign) throw new TxCancelledError();
    await sendAction({
      // Checked once more when the user signs: still the reviewed list, as the chain has it now.
      call: async (c) => {
        const again = await checkOwnerFacts(c, owner);
        return checkedSetDevicesTx(c, again.facts.devices, before, after, funding);
      },
      payer: owner,
      onSigned,
      purpose: 'device list',
      what: 'device list',
    });
    writeConfirmedDevices(endpoint, owner, after);
  };

  return {
    write,
    review: review && (
      <DeviceListReview
        before={review.before}
        after={review.after}
        funding={review.funding}
        confirmed={review.confirmed}
        restored={review.restored}
        checked={review.checked}
        nameOf={nameOf}
        onSign={() => review.decide(true)}
        onCancel={() => review.decide(false)}
      />
    ),
  };
}
