import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';

type Unsubscribe = (() => void) | (() => Promise<void>);

/** Opens one RPC subscription; calls `set` with each new value. */
export type Subscribe<T, C extends object = RobonomicsClient> = (
  client: C,
  set: (value: T) => void,
) => Promise<Unsubscribe> | Unsubscribe;

/** What readers see: undefined while loading; `error` when the subscription could not open. */
export interface LiveValue<T> {
  value: T | undefined;
  error: string | null;
}

interface Entry {
  snapshot: LiveValue<unknown>;
  listeners: Set<() => void>;
  /** Resolves to the RPC unsubscribe, or null when the subscription failed to open. */
  closing: Promise<Unsubscribe | null>;
  closed: boolean;
}

export const LOADING: LiveValue<never> = Object.freeze({ value: undefined, error: null });

/**
 * The live chain values every component shares: one RPC subscription per client and key,
 * however many components read it, closed when the last reader leaves
 * (docs/architecture.md, Shared live data). A client is any connection object: the Robonomics
 * client, or the Crust client for its storage orders.
 */
const entries = new WeakMap<object, Map<string, Entry>>();

function entriesOf(client: object): Map<string, Entry> {
  let map = entries.get(client);
  if (!map) {
    map = new Map();
    entries.set(client, map);
  }
  return map;
}

/** The current value of `key` on `client`; the same object until it changes. */
export function readLive<T>(client: object, key: string): LiveValue<T> {
  return (entries.get(client)?.get(key)?.snapshot ?? LOADING) as LiveValue<T>;
}

/**
 * Adds a reader of `key`: opens the subscription for the first one, calls `onChange` on each new
 * value, and returns the function that removes the reader (the last one closes the subscription).
 */
export function watchLive<T, C extends object = RobonomicsClient>(
  client: C,
  key: string,
  subscribe: Subscribe<T, C>,
  onChange: () => void,
): () => void {
  const map = entriesOf(client);
  let entry = map.get(key);
  if (!entry) {
    const created: Entry = {
      snapshot: LOADING,
      listeners: new Set(),
      closing: Promise.resolve(null),
      closed: false,
    };
    const publish = (snapshot: LiveValue<unknown>) => {
      if (created.closed) return;
      created.snapshot = snapshot;
      for (const listener of [...created.listeners]) listener();
    };
    created.closing = Promise.resolve()
      .then(() => subscribe(client, (value) => publish({ value, error: null })))
      .then(
        (unsubscribe) => unsubscribe,
        (error: unknown) => {
          publish({
            value: undefined,
            error: error instanceof Error ? error.message : String(error),
          });
          return null;
        },
      );
    map.set(key, created);
    entry = created;
  }
  const own = entry;
  own.listeners.add(onChange);
  return () => {
    own.listeners.delete(onChange);
    if (own.listeners.size > 0 || own.closed) return;
    own.closed = true;
    if (map.get(key) === own) map.delete(key);
    void own.closing.then((unsubscribe) => unsubscribe?.()).catch(() => {});
  };
}

/** How many subscriptions are open on `client` (for tests and measurements). */
export function openLiveCount(client: object): number {
  return entries.get(client)?.size ?? 0;
}
