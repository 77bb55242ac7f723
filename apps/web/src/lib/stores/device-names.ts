import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { SavedSetup } from './saved-setups-format.ts';

/**
 * What the user calls an account of a subscription's device list: the label given in this
 * browser, else its part in the setup (the controller, the owner); null for an account this
 * browser knows nothing of.
 */
export function deviceNameOf(
  setup: Pick<SavedSetup, 'owner' | 'controller' | 'users'> | undefined,
): (address: string) => string | null {
  return (address) => {
    if (!setup) return null;
    const label = setup.users?.find((u) => addressEq(u.address, address))?.label;
    if (label) return label;
    if (setup.controller && addressEq(setup.controller.address, address)) {
      return 'the controller of this setup';
    }
    return addressEq(setup.owner, address) ? 'the owner of the subscription' : null;
  };
}
