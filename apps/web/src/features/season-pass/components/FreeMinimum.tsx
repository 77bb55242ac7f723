import type { Eip1193Provider } from '../ethereum/eip1193.ts';
import { useFreeMinimum } from '../hooks/use-free-minimum.ts';
import { FreeMinimumState } from '../nft-oracle.ts';

export function FreeMinimum({
  provider,
  account,
  tokenId,
  target,
}: {
  provider: Eip1193Provider | null;
  account: `0x${string}` | null;
  tokenId: bigint;
  target: string | null;
}) {
  const free = useFreeMinimum(provider, account, tokenId, target);
  if (free.received) return <p className="ok">Free minimum received</p>;
  const canRequest =
    free.available &&
    (free.state === FreeMinimumState.idle || free.state === FreeMinimumState.failed);
  return (
    <div className="stack-s" data-free-minimum-state={free.state}>
      {target ? (
        <button
          type="button"
          className="button primary"
          disabled={!canRequest}
          onClick={() => void free.request()}
        >
          {free.state === FreeMinimumState.sending ? 'Sending…' : 'Get free minimum'}
        </button>
      ) : (
        <p className="error small">Not found parachain account</p>
      )}
      {free.message && (
        <p
          className={free.state === FreeMinimumState.failed ? 'error small' : 'small'}
          role="status"
        >
          {free.message}
        </p>
      )}
    </div>
  );
}
