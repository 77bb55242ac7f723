import { minimalBid } from '../chain/metadata/minimal-bid.ts';
import type { RobonomicsClient } from '../chain/model/client-type.ts';
import { subscribeAuctionQueue } from '../chain/subscriptions/auction-queue.ts';
import { mergedOffer, type Offer } from './offer.ts';

/**
 * What the offer is composed from: a chain connection (chain/connection/chain-connection.ts),
 * which hands over the first reads' values and then its client, and says when either changed.
 */
interface OfferSource {
  /** The first reads' latest values, published before the client is ready; null until any. */
  readonly firstValues: Offer | null;
  /** The client once ready (a new one when the connection replaces it); null before. */
  readonly client: RobonomicsClient | null;
  /** The client's runtime: it changes with a runtime upgrade, and the constant with it. */
  readonly specVersion: number | null;
  onChange(listener: () => void): () => void;
}

export interface FollowedOffer {
  /** The offer now; each field undefined until known. */
  readonly current: Offer;
  /** Stops following: the auction queue's subscription is closed. */
  stop(): Promise<void>;
}

/**
 * The dashboard's offer (docs/first-data.md), composed from a connection: the first reads' values
 * until the client is ready, then the client's (the constant read again after a runtime upgrade,
 * the auction queue followed with one storage subscription per client). `onOffer` runs in the
 * same turn as the connection's change that brought a new value, so the offer is never later than
 * the connection's own values.
 */
export function followOffer(
  source: OfferSource,
  onOffer: (offer: Offer) => void = () => {},
): FollowedOffer {
  let current: Offer = {};
  let stopped = false;
  /** What was taken last from the source. */
  let firstValues: Offer | null = null;
  let client: RobonomicsClient | null = null;
  let specVersion: number | null = null;
  /** Closes the followed client's queue subscription, once it is open. */
  let unsubscribe: Promise<(() => Promise<void>) | null> = Promise.resolve(null);

  const take = (update: Offer) => {
    const next = mergedOffer(current, update);
    if (!next || stopped) return;
    current = next;
    onOffer(next);
  };
  const stopQueue = () => {
    const closing = unsubscribe;
    unsubscribe = Promise.resolve(null);
    // A client already disconnected has closed its subscriptions itself.
    return closing.then((stop) => stop?.()).catch(() => {});
  };
  const followQueue = (followed: RobonomicsClient) => {
    unsubscribe = subscribeAuctionQueue(followed, (auctionQueue) => {
      if (client === followed) take({ auctionQueue });
    }).catch(() => null);
  };

  const update = () => {
    if (stopped) return;
    // The first values stop counting once a client answers: its values replace them.
    if (!source.client && source.firstValues !== firstValues) {
      firstValues = source.firstValues;
      if (firstValues) {
        take({ minimalBid: firstValues.minimalBid, auctionQueue: firstValues.auctionQueue });
      }
    }
    if (source.client !== client) {
      void stopQueue();
      client = source.client;
      specVersion = null;
      if (client) followQueue(client);
    }
    if (client && source.specVersion !== specVersion) {
      specVersion = source.specVersion;
      take({ minimalBid: minimalBid(client) });
    }
  };
  const off = source.onChange(update);
  update();
  return {
    get current() {
      return current;
    },
    stop() {
      stopped = true;
      off();
      return stopQueue();
    },
  };
}
