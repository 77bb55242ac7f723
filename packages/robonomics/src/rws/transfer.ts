import { isRobonomicsAddress, isValidAddress } from '../chain/model/address.ts';
import { addressEq } from '../chain/model/same-account.ts';

/**
 * Why a subscription cannot be handed to `target` by `owner`, before the chain is asked
 * (docs/product-rules.md, "Transferring a subscription"): an address as written for Robonomics,
 * not the owner. Whether the target has a subscription of its own is read from the chain after.
 */
export function transferTargetProblem(target: string, owner: string): string | null {
  const text = target.trim();
  if (!text) return 'Enter the address of the new owner.';
  if (!isValidAddress(text)) return 'This is not a valid account address.';
  if (!isRobonomicsAddress(text)) {
    return 'This address is written for another network: enter it as a Robonomics address (it starts with 4).';
  }
  if (addressEq(text, owner)) return 'This is the subscription’s owner already.';
  return null;
}

/** Said when the new owner has a subscription: an account holds one at most. */
export const TARGET_HAS_SUBSCRIPTION =
  'This account has a subscription of its own: an account holds one subscription at most.';
