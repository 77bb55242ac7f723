import type { BuyDevices } from '@robonomics-dapp/robonomics/chain/flows/purchase';
import { addressEq, includesAddress } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { purchaseDevices } from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { useId, useState } from 'react';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useSubscriptionDeviceList } from '../../../lib/chain/use-subscription-devices.ts';
import { readConfirmedDevices } from '../../../lib/storage/confirmed-subscription-devices.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { deviceNameOf } from '../../../lib/stores/device-names.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { formatDate } from '../../../lib/time/format-date.ts';

/**
 * The device list a purchase writes, chosen on the page (docs/product-rules.md, "Writing the
 * device list"): the buyer becomes a device of its subscription, and the purchase keeps the
 * devices the user leaves ticked. None is dropped by default: ticked are the devices of the list
 * the owner last confirmed in this browser (also those the node's answer leaves out), or, with no
 * such list, every device of a renewed subscription; a device that appeared since the confirmed
 * list, or that a node claims for a first purchase, is not ticked. `devices` is null until the
 * live list is in.
 */
export function useBuyDevices(buyer: string | null): {
  devices: BuyDevices | null;
  view: React.ReactNode;
} {
  const id = useId();
  const endpoint = useChain((s) => s.endpoint);
  const { devices: current, live } = useSubscriptionDeviceList(buyer);
  const ledger = useLedger(buyer);
  const setups = useSavedSetups((s) => s.setups);
  const [choices, setChoices] = useState<Record<string, boolean>>({});
  if (!buyer) return { devices: null, view: null };
  if (!live || !current || ledger === undefined) {
    return {
      devices: null,
      view: (
        <p className="small muted" role="status">
          Reading this account's device list from the chain…
        </p>
      ),
    };
  }
  const confirmed = readConfirmedDevices(endpoint, buyer);
  const inConfirmed = (a: string) => includesAddress(confirmed?.devices ?? [], a);
  // What the node's answer leaves out of the confirmed list (the buyer aside).
  const missing = (confirmed?.devices ?? []).filter(
    (c) => !includesAddress(current, c) && !addressEq(c, buyer),
  );
  const listed = [...current, ...missing];
  const byDefault = (a: string) => (confirmed ? inConfirmed(a) : ledger !== null);
  const ticked = (a: string) => choices[a] ?? byDefault(a);
  const kept = listed.filter(ticked);
  const after = purchaseDevices(current, buyer, kept);
  const nameOf = deviceNameOf(setups.find((s) => addressEq(s.owner, buyer)));
  const devices = { shown: current, keep: kept };
  if (after === null) {
    return {
      devices,
      view: (
        <p className="small" data-testid="buy-devices">
          This account already is a device of its subscription: the purchase leaves the device list
          as it is.
        </p>
      ),
    };
  }
  return {
    devices,
    view: (
      <div className="stack-s" data-testid="buy-devices">
        <p className="small">
          The purchase writes the subscription's device list: this account,{' '}
          <span className="mono break">{buyer}</span>
          {kept.length > 0 ? `, and ${kept.length} kept below.` : ', and no other.'}
        </p>
        {listed.length > 0 && (
          <fieldset className="plain stack-s">
            <legend className="small">
              The chain lists {current.length === 1 ? 'this account' : 'these accounts'} for the
              subscription now. Tick the ones to keep as devices:
            </legend>
            {listed.map((address) => (
              <label key={address} className="device-choice small" htmlFor={`${id}-${address}`}>
                <input
                  id={`${id}-${address}`}
                  type="checkbox"
                  checked={ticked(address)}
                  onChange={(e) => setChoices((all) => ({ ...all, [address]: e.target.checked }))}
                />
                {/* The address on a line of its own, its label under it: never read as one word. */}
                <span className="mono break">{address}</span>{' '}
                <span className="device-label">
                  {nameOf(address) ?? <span className="muted">no label in this browser</span>}
                </span>{' '}
                {includesAddress(missing, address) ? (
                  <span className="notice-warn" data-mark="restored">
                    not reported by this node: in the list you confirmed on{' '}
                    {formatDate(confirmed!.time)}
                  </span>
                ) : (
                  confirmed &&
                  !inConfirmed(address) && (
                    <span className="notice-warn" data-mark="new">
                      new since {formatDate(confirmed.time)}
                    </span>
                  )
                )}
              </label>
            ))}
          </fieldset>
        )}
      </div>
    ),
  };
}
