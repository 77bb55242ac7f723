import {
  chooseEndpoint,
  type EndpointChoice,
  RPC_STORAGE_KEY,
  validateEndpoint,
} from '@robonomics-dapp/robonomics/chain/endpoint';
import { create } from 'zustand';
import { appConfig } from '../app/config.ts';
import { safeStorage } from './safe-storage.ts';

interface EndpointState {
  /** The endpoint the app talks to now. */
  endpoint: string;
  source: EndpointChoice['source'];
  /** A `?rpc=` endpoint in use but not yet accepted (so not saved). */
  pendingQuery: string | null;
  rejectedQuery: EndpointChoice['rejectedQuery'] | null;
  /** Switches to a validated endpoint and remembers it. Returns an error text or null. */
  setEndpoint(url: string): string | null;
  /** Keeps the `?rpc=` endpoint and saves it as the user's choice. */
  acceptQuery(): void;
  /** Drops the `?rpc=` endpoint and goes back to the saved choice or the default. */
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
  return {
    endpoint: choice.endpoint,
    source: choice.source,
    pendingQuery: choice.source === 'query' ? choice.endpoint : null,
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
      set({ source: 'storage', pendingQuery: null });
    },
    dismissQuery() {
      dropRpcFromUrl();
      const fallback = chooseEndpoint({
        search: '',
        stored: safeStorage.get(RPC_STORAGE_KEY),
        fallback: appConfig.defaultEndpoint,
      });
      set({ endpoint: fallback.endpoint, source: fallback.source, pendingQuery: null });
    },
    dismissRejected() {
      dropRpcFromUrl();
      set({ rejectedQuery: null });
    },
  };
});
