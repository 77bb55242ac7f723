// The floor of our stack for `npm run bench -- --floor` (scripts/bench-floor.mjs): the dashboard's
// two values (the subscription price, RWS.MinimalBid + 1 planck, and the number of open auctions)
// read with dedot's client the way its documentation shows, rendered by React. No first reads, no
// snapshot, no shell: what React and dedot cost on their own.
import { DedotClient, WsProvider } from 'dedot';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const ENDPOINT = import.meta.env.VITE_FLOOR_ENDPOINT || 'ws://127.0.0.1:9944';
const PLANCK_PER_XRT = 1_000_000_000n;

function Offer() {
  const [offer, setOffer] = useState(null);
  useEffect(() => {
    let client;
    let stop = false;
    (async () => {
      client = await DedotClient.new({ provider: new WsProvider(ENDPOINT), cacheMetadata: true });
      const queue = await client.query.rws.auctionQueue();
      if (!stop) setOffer({ price: client.consts.rws.minimalBid + 1n, available: queue.length });
    })();
    return () => {
      stop = true;
      void client?.disconnect();
    };
  }, []);
  return (
    <dl>
      <dt>Price from</dt>
      <dd>{offer ? `~ ${offer.price / PLANCK_PER_XRT} XRT` : 'loading…'}</dd>
      <dt>Available subscriptions</dt>
      <dd>{offer ? offer.available : 'loading…'}</dd>
    </dl>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Offer />
  </StrictMode>,
);
