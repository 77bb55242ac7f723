import { formatBalance, formatExact, formatPrice } from '@robonomics-dapp/robonomics/rws/format';
import { useChain } from '../lib/stores/chain-store.ts';

/**
 * Said beside every amount of a chain the app does not know: the amount is in the chain's
 * smallest unit, not scaled by the decimals its node reports (docs/security.md).
 */
export function UnknownNetworkMark() {
  const unknown = useChain((s) => s.unknownNetwork);
  if (!unknown) return null;
  return (
    <span
      className="unknown-network small"
      title="This node's chain is not one the app knows: amounts are in its smallest unit, not scaled by the decimals the node reports."
    >
      {' '}
      (unknown network)
    </span>
  );
}

/**
 * A token amount in planck shown in XRT with 4 decimals by default (the price: none, rounded
 * down; `exact`: to the planck); on an unknown network, unscaled and marked.
 */
export function Amount({
  planck,
  shown = 4,
  price = false,
  exact = false,
}: {
  planck: bigint;
  shown?: number;
  /** A price: whole tokens, rounded down (docs/product-rules.md). */
  price?: boolean;
  /** Every significant decimal: an amount the user is about to sign or must have. */
  exact?: boolean;
}) {
  const decimals = useChain((s) => s.decimals);
  const symbol = useChain((s) => s.tokenSymbol);
  return (
    <span className="amount">
      {exact
        ? formatExact(planck, decimals)
        : price
          ? formatPrice(planck, decimals)
          : formatBalance(planck, decimals, shown)}{' '}
      {symbol}
      <UnknownNetworkMark />
    </span>
  );
}
