import { addressEq } from '@robonomics-dapp/robonomics/chain/address';
import type { BuyDevices } from '@robonomics-dapp/robonomics/chain/buy-subscription';
import { purchaseDevices } from '@robonomics-dapp/robonomics/rws/devices';
import { useId, useState } from 'react';
import { useDeviceList } from '../../../lib/chain/use-devices.ts';
import { deviceNameOf } from '../../../lib/stores/device-names.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';

/**
 * The device list a purchase writes, chosen on the page (docs/product-rules.md, "Writing the
 * device list"): the buyer becomes a device of its subscription, and of the accounts the chain
 * lists for it now the purchase keeps only those the user ticks. `devices` is null until the live
 * list is in.
 */
export function useBuyDevices(buyer: string | null): {
  devices: BuyDevices | null;
  view: React.ReactNode;
} {
  const id = useId();
  const { devices: current, live } = useDeviceList(buyer);
  const setups = useSavedSetups((s) => s.setups);
  const [keep, setKeep] = useState<string[]>([]);
  if (!buyer) return { devices: null, view: null };
  if (!live || !current) {
    return {
      devices: null,
      view: (
        <p className="small muted" role="status">
          Reading this account's device list from the chain…
        </p>
      ),
    };
  }
  const kept = keep.filter((k) => current.some((d) => addressEq(d, k)));
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
        {current.length > 0 && (
          <fieldset className="plain stack-s">
            <legend className="small">
              The chain lists {current.length === 1 ? 'this account' : 'these accounts'} for the
              subscription now. Tick the ones to keep as devices:
            </legend>
            {current.map((address) => (
              <label key={address} className="row small" htmlFor={`${id}-${address}`}>
                <input
                  id={`${id}-${address}`}
                  type="checkbox"
                  checked={kept.some((k) => addressEq(k, address))}
                  onChange={(e) =>
                    setKeep((list) =>
                      e.target.checked
                        ? [...list, address]
                        : list.filter((k) => !addressEq(k, address)),
                    )
                  }
                />
                <span className="mono break">{address}</span>
                <span>
                  {nameOf(address) ?? <span className="muted">no label in this browser</span>}
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </div>
    ),
  };
}
