import { useChain } from '../../lib/stores/chain-store.ts';

/**
 * Says when the parachain cannot be reached: while reconnecting after a drop (the app retries by
 * itself and resubscribes) or when the first connection failed. A drop counts as one as soon as
 * the client's socket had opened, before the client is ready too (the page may show the first
 * reads' values already). A node the app refused (another chain than its endpoint stands for,
 * another token) is not tried again: the banner says why.
 */
export function ConnectionBanner() {
  const { state, error, client, socketDropped, endpoint, network, signing, specVersion } =
    useChain();
  if (network?.kind === 'refused') {
    return (
      <div className="banner banner-error" role="alert" data-testid="connection-banner">
        <p>
          The node at <span className="mono break">{endpoint}</span> was refused. {network.reason}
        </p>
      </div>
    );
  }
  if (state === 'connecting' && (client || socketDropped)) {
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
  // What the user signs is checked against what the build knows of the runtime: say when it
  // cannot be (docs/security.md, "The metadata hash").
  if (signing?.kind === 'described' && signing.why !== 'devnet' && network?.kind === 'known') {
    return (
      <div className="banner" role="status" data-testid="signing-notice">
        <p>
          {signing.why === 'newer'
            ? `${network.name} runs runtime ${specVersion}, newer than this version of the app knows.`
            : `This version of the app has no copy of runtime ${specVersion} of ${network.name}.`}{' '}
          Transactions are built from the node's description of it; each signature commits to that
          description's hash, and the chain refuses it if the description is false.
        </p>
      </div>
    );
  }
  if (signing?.kind === 'unverified') {
    return (
      <div className="banner" role="status" data-testid="signing-notice">
        <p>
          The app does not know this chain, so its description was not verified: what you sign here
          rests on its node's word alone.
        </p>
      </div>
    );
  }
  return null;
}
