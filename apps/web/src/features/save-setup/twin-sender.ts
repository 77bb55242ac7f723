import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/client';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { SendCall } from '@robonomics-dapp/robonomics/twin/twin-calls';
import { sendForSubscription } from '../../lib/send-for-subscription.ts';

export const NO_OWNER = 'Not found parachain account: enter the subscription owner first.';

/**
 * How the workshop sends a twin call: directly for the owner, through the owner's subscription
 * for its device (docs/product-rules.md, Subscriptions).
 */
export const twinSender =
  (client: RobonomicsClient | null, pair: KeyPair, ownerAddress: string | null) =>
  (signed: () => void): SendCall =>
  (tx) => {
    if (!ownerAddress) throw new Error(NO_OWNER);
    return sendForSubscription(client, tx, ownerAddress, signed, toKeyringPair(pair));
  };
