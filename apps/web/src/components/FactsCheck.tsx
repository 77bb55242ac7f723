import type { DecisionConstant } from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import { minimalBid } from '@robonomics-dapp/robonomics/chain/metadata/minimal-bid';
import { maxDevicesOf } from '@robonomics-dapp/robonomics/chain/metadata/runtime-features';
import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { TxCancelledError } from '@robonomics-dapp/robonomics/chain/model/errors';
import type { OwnerFacts } from '@robonomics-dapp/robonomics/chain/queries/decision-facts';
import type { Tracking } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { formatExact } from '@robonomics-dapp/robonomics/rws/format';
import { type ReactNode, useState } from 'react';
import { trackedAs } from '../lib/actions/follow-transactions.ts';
import { checkOwnerFacts, type FactsCheck, PRICE_AND_BOUND } from '../lib/chain/second-opinion.ts';
import { readOwnSecondNode, secondNodeNetworkKey } from '../lib/storage/second-nodes.ts';
import { useChain } from '../lib/stores/chain-store.ts';

/** The signing button's words where no second node confirmed the facts. */
export const SIGN_UNCONFIRMED = 'Sign without a second opinion';

/** The constants a decision took from the node, with the node's values, in words. */
function nodeValues(constants: readonly DecisionConstant[]): string | null {
  const { client, decimals, tokenSymbol } = useChain.getState();
  if (!client || constants.length === 0) return null;
  const parts = constants.map(({ name, label }) => {
    if (name === 'MinimalBid')
      return `${label} (${formatExact(minimalBid(client), decimals)} ${tokenSymbol})`;
    if (name === 'MaxDevicesAmount') return `${label} (${maxDevicesOf(client) ?? '—'} devices)`;
    return label;
  });
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} ${parts.length === 1 ? 'is' : 'are'} this node's value${parts.length === 1 ? '' : 's'}.`;
}

/**
 * What the check before signing found, in one line (docs/security.md, "A second node before
 * decisions"): the node that confirmed the facts at which final block, or why none did and that
 * the facts, and any constant nothing pins, come from the node in use alone.
 */
export function FactsCheckLine({ checked }: { checked: FactsCheck }) {
  const endpoint = useChain((s) => s.endpoint);
  const network = useChain((s) => s.network);
  const { check, nodeConstants } = checked;
  if (check.confirmation.kind === 'confirmed') {
    const { node } = check.confirmation;
    return (
      <p className="small ok" data-testid="facts-check" data-confirmed="true">
        Confirmed at final block #{check.block.number} by{' '}
        {node.own ? 'your second node' : 'a second node'},{' '}
        <span className="mono break">{node.endpoint}</span>.
      </p>
    );
  }
  return (
    <p className="small notice-warn" data-testid="facts-check" data-confirmed="false">
      No second node confirmed these facts: {check.confirmation.reason} They come from{' '}
      <span className="mono break">{endpoint}</span> alone, at its final block #{check.block.number}
      . {nodeValues(nodeConstants)}{' '}
      {readOwnSecondNode(secondNodeNetworkKey(network))
        ? 'You can change your second node in the network menu.'
        : 'You can name a second node of your own in the network menu.'}
    </p>
  );
}

/**
 * The user's choice before signing on facts no second node confirmed: the line that says why,
 * and "Sign without a second opinion" or Cancel. Confirmed facts go ahead at once, their line
 * shown. `decide` resolves once signing may go ahead and rejects with TxCancelledError on Cancel.
 */
export function useFactsChoice(): {
  decide(checked: FactsCheck): Promise<void>;
  view: ReactNode;
} {
  const [shown, setShown] = useState<FactsCheck | null>(null);
  const [choose, setChoose] = useState<((sign: boolean) => void) | null>(null);
  const decide = async (checked: FactsCheck) => {
    setShown(checked);
    if (checked.check.confirmation.kind === 'confirmed') return;
    const sign = await new Promise<boolean>((resolve) => setChoose(() => resolve));
    setChoose(null);
    if (!sign) {
      setShown(null);
      throw new TxCancelledError();
    }
  };
  const view = shown && (
    <div className="stack-s" data-testid="facts-choice">
      <FactsCheckLine checked={shown} />
      {choose && (
        <div className="row">
          <button type="button" className="button" onClick={() => choose(true)}>
            {SIGN_UNCONFIRMED}
          </button>
          <button type="button" className="button" onClick={() => choose(false)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
  return { decide, view };
}

/**
 * A purchase's (or renewal's) facts, checked before signing: the buyer's subscription, device
 * list and balance, and the price and device bound where nothing pins them, confirmed by a second
 * node or taken by the user's explicit choice. `view` goes beside the buy button.
 */
export function usePurchaseFacts(): {
  checkFacts(client: RobonomicsClient, buyer: string): Promise<OwnerFacts>;
  /** The bid followed to its end (docs/transactions.md). */
  tracking: Tracking;
  view: ReactNode;
} {
  const choice = useFactsChoice();
  return {
    tracking: trackedAs('purchase', 'bid for a subscription'),
    checkFacts: async (client, buyer) => {
      const checked = await checkOwnerFacts(client, buyer, PRICE_AND_BOUND);
      await choice.decide(checked);
      return checked.facts;
    },
    view: choice.view,
  };
}
