import { useEndpointStore } from '../../lib/stores/endpoint-store.ts';

/**
 * A `?rpc=` link names an endpoint: the app stays on the usual one and asks before connecting to
 * it (and remembering it). A rejected value is reported too, so the user knows why the link's
 * endpoint is not used.
 */
export function RpcLinkBanner() {
  const { pendingQuery, rejectedQuery, acceptQuery, dismissQuery, dismissRejected } =
    useEndpointStore();
  if (pendingQuery) {
    return (
      <section className="banner" aria-label="Endpoint from link">
        <p>
          This link asks the app to connect to{' '}
          <strong className="mono break">{pendingQuery}</strong>. The app stays on your usual
          endpoint until you accept; only connect if you trust this node.
        </p>
        <div className="row">
          <button type="button" className="button primary" onClick={acceptQuery}>
            Connect to this endpoint
          </button>
          <button type="button" className="button" onClick={dismissQuery}>
            Use my usual endpoint
          </button>
        </div>
      </section>
    );
  }
  if (rejectedQuery) {
    return (
      <div className="banner banner-error" role="alert">
        <p>
          The link's endpoint <span className="mono break">{rejectedQuery.value}</span> was not
          used: {rejectedQuery.error}
        </p>
        <button type="button" className="button" onClick={dismissRejected}>
          Dismiss
        </button>
      </div>
    );
  }
  return null;
}
