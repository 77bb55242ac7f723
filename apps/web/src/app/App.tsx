import { useEffect, useLayoutEffect } from 'react';
import { HashRouter, matchRoutes, useLocation, useRoutes } from 'react-router';
import { documentTitle } from '../lib/shell/route-table.ts';
import { appFirstCommitted } from '../lib/stores/chain-store.ts';
import { appRoutes, type RouteHandle } from './routes.tsx';

/** Sets "<title> / Robonomics Dapp" (and og:title) from the deepest route with a title. */
function useDocumentTitle() {
  const location = useLocation();
  const title = (matchRoutes(appRoutes, location) ?? [])
    .reverse()
    .map((m) => (m.route as { handle?: RouteHandle }).handle?.title)
    .find(Boolean);
  useEffect(() => {
    const text = documentTitle(title);
    document.title = text;
    document.querySelector('meta[property="og:title"]')?.setAttribute('content', text);
  }, [title]);
}

function AppRoutes() {
  useDocumentTitle();
  return useRoutes(appRoutes);
}

/**
 * Hash URLs (https://host/#/rws-buy): the app is served as static files from IPFS, where no
 * server can fall back to index.html for deep links. The router is the declarative one: the app
 * uses no loaders or actions, and the data router would add about 17 KiB gzip to the script the
 * dashboard runs before its first paint (docs/first-data.md).
 */
export function App() {
  // The chain client starts once this first render has been painted.
  useLayoutEffect(appFirstCommitted, []);
  // No query cache here: the lazily loaded parts bring it (lib/shell/query-scope.tsx).
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
