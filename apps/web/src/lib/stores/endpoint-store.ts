import {
  chooseEndpoint,
  type EndpointChoice,
  RPC_STORAGE_KEY,
  validateEndpoint,
} from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { create } from 'zustand';
import { appConfig } from '../shell/config.ts';
import { usualChoice } from '../shell/usual-endpoint.ts';
import { safeStorage } from '../storage/safe-storage.ts';

interface EndpointState {
  /** The endpoint the app talks to now. */
  endpoint: string;
  source: EndpointChoice['source'];
  /**
   * A `?rpc=` endpoint the user has not accepted yet: the app opens no connection to it (and
   * stays on the usual endpoint) until then.
   */
  pendingQuery: string | null;
  rejectedQuery: EndpointChoice['rejectedQuery'] | null;
  /** Switches to a validated endpoint and remembers it. Returns an error text or null. */
  setEndpoint(url: string): string | null;
  /** Switches to the `?rpc=` endpoint and saves it as the user's choice. */
  acceptQuery(): void;
  /** Drops the `?rpc=` endpoint: the app stays on the saved choice or the default. */
  dismissQuery(): void;
  dismissRejected(): void;
}

function initialChoice(): EndpointChoice {
  return chooseEndpoint({
    search: globalThis.location?.search ?? '',
    stored: safeStorage.get(RPC_STORAGE_KEY),
    fallback: appConfig.defaultEndpoint,
  });
}

/** Removes `rpc` from the query string without reloading, keeping the hash route. */
function dropRpcFromUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('rpc')) return;
  url.searchParams.delete('rpc');
  window.history.replaceState(window.history.state, '', url);
}

export const useEndpointStore = create<EndpointState>((set, get) => {
  const choice = initialChoice();
  // A link's node is only asked once the user accepts it; until then the usual one is used.
  const usual = choice.source === 'query' ? usualChoice() : choice;
  // A link naming the endpoint already in use has nothing to ask.
  const asks = choice.source === 'query' && choice.endpoint !== usual.endpoint;
  if (choice.source === 'query' && !asks && typeof window !== 'undefined') dropRpcFromUrl();
  return {
    endpoint: usual.endpoint,
    source: usual.source,
    pendingQuery: asks ? choice.endpoint : null,
    rejectedQuery: choice.rejectedQuery ?? null,
    setEndpoint(url) {
      const check = validateEndpoint(url);
      if (!check.ok) return check.error;
      safeStorage.set(RPC_STORAGE_KEY, check.url);
      dropRpcFromUrl();
      set({ endpoint: check.url, source: 'storage', pendingQuery: null });
      return null;
    },
    acceptQuery() {
      const { pendingQuery } = get();
      if (!pendingQuery) return;
      safeStorage.set(RPC_STORAGE_KEY, pendingQuery);
      dropRpcFromUrl();
      set({ endpoint: pendingQuery, source: 'storage', pendingQuery: null });
    },
    dismissQuery() {
      dropRpcFromUrl();
      set({ pendingQuery: null });
    },
    dismissRejected() {
      dropRpcFromUrl();
      set({ rejectedQuery: null });
    },
  };
});
