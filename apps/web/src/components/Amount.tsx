import { formatBalance } from '@robonomics-dapp/robonomics/rws/format';
import { useChain } from '../lib/chain-store.ts';

/** A token amount in planck shown in XRT (decimals from the chain), 4 decimals by default. */
export function Amount({ planck, shown = 4 }: { planck: bigint; shown?: number }) {
  const decimals = useChain((s) => s.decimals);
  const symbol = useChain((s) => s.tokenSymbol);
  return (
    <span className="amount">
      {formatBalance(planck, decimals, shown)} {symbol}
    </span>
  );
}
