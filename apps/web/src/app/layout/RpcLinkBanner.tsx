import { useEndpointStore } from '../../lib/endpoint-store.ts';

/**
 * A `?rpc=` link chose the endpoint: say so and ask before remembering it. A rejected value is
 * reported too, so the user knows why the link's endpoint is not used.
 */
export function RpcLinkBanner() {
  const { pendingQuery, rejectedQuery, acceptQuery, dismissQuery, dismissRejected } =
    useEndpointStore();
  if (pendingQuery) {
    return (
      <section className="banner" aria-label="Endpoint from link">
        <p>
          This link connects the app to <strong className="mono break">{pendingQuery}</strong>. Only
          keep it if you trust this node.
        </p>
        <div className="row">
          <button type="button" className="button primary" onClick={acceptQuery}>
            Keep this endpoint
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
