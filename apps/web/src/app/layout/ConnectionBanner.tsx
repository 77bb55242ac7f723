import { useChain } from '../../lib/chain-store.ts';

/**
 * Says when the parachain cannot be reached: while reconnecting after a drop (the app retries by
 * itself and resubscribes) or when the first connection failed. A drop counts as one as soon as
 * the node has answered, the first reads included (the page may show their values already).
 */
export function ConnectionBanner() {
  const { state, error, client, firstData, socketOpen, endpoint } = useChain();
  if (state === 'connecting' && (client || (firstData && !socketOpen))) {
    return (
      <div className="banner" role="status" data-testid="connection-banner">
        <p>
          The connection to the parachain was lost. Reconnecting to{' '}
          <span className="mono break">{endpoint}</span>…
        </p>
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="banner banner-error" role="alert" data-testid="connection-banner">
        <p>
          Cannot connect to the parachain at <span className="mono break">{endpoint}</span>
          {error ? `: ${error}` : '.'} The app keeps trying; you can also choose another network.
        </p>
      </div>
    );
  }
  return null;
}
