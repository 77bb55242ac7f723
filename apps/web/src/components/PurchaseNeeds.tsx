import {
  BUY_FEE_RESERVE,
  purchaseNeeds,
  purchaseShortfall,
} from '@robonomics-dapp/robonomics/rws/buy';
import { Amount } from './Amount.tsx';
import { OneNodeNote } from './OneNodeNote.tsx';

/**
 * What buying a subscription needs, to the planck: the bid (minimal bid + 1) and the reserve for
 * fees; with a known balance, how much is missing. Shown before anything is signed, so a balance
 * just short of the price is explained in figures, not only refused.
 */
export function PurchaseNeeds({ minimalBid, balance }: { minimalBid: bigint; balance?: bigint }) {
  const { bid, required } = purchaseNeeds(minimalBid);
  const missing = balance === undefined ? 0n : purchaseShortfall(balance, minimalBid);
  return (
    <>
      <p className={missing > 0n ? 'small error' : 'small muted'} data-testid="purchase-needs">
        A purchase needs <Amount planck={required} exact />: the bid of{' '}
        <Amount planck={bid} exact /> and <Amount planck={BUY_FEE_RESERVE} exact /> for fees.
        {balance !== undefined && missing > 0n && (
          <>
            {' '}
            This account has <Amount planck={balance} exact />: <Amount planck={missing} exact />{' '}
            more is needed.
          </>
        )}
      </p>
      <OneNodeNote facts="The balance, the subscription and the device list a purchase rests on" />
    </>
  );
}
