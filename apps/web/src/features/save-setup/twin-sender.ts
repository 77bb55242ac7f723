import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { SendCall } from '@robonomics-dapp/robonomics/twin/twin-calls';
import { actionSender } from '../../lib/actions/send-action.ts';

export const NO_OWNER = 'Not found parachain account: enter the subscription owner first.';

/**
 * How the workshop sends a twin call: directly for the owner, through the owner's subscription
 * for its device (docs/product-rules.md, Subscriptions).
 */
export function twinSender(
  pair: KeyPair,
  ownerAddress: string | null,
  signed: () => void,
): SendCall {
  if (!ownerAddress) throw new Error(NO_OWNER);
  return actionSender({
    signer: toKeyringPair(pair),
    payer: ownerAddress,
    onSigned: signed,
    purpose: 'twin',
    what: 'digital twin change',
  });
}
