import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useChain } from '../../lib/stores/chain-store.ts';
import { OfflineNotice } from '../pwa/OfflineNotice.tsx';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RpcLinkBanner } from './RpcLinkBanner.tsx';
import { Toasts } from './Toasts.tsx';

/** Follows sent transactions and lists ends found meanwhile: loaded once a node is connected. */
const SentTransactionsNotice = lazy(() => import('./SentTransactionsNotice.tsx'));

/**
 * After moving to another route (not on the first load), focus goes to the new page's content,
 * so keyboard and screen-reader users start there instead of at a link that is gone.
 */
function useFocusOnNavigation(path: string) {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    document.getElementById('main')?.focus();
  });
}

export function RootLayout() {
  const location = useLocation();
  useFocusOnNavigation(location.pathname);
  const connected = useChain((s) => s.client !== null);
  return (
    <div className="app">
      <button
        type="button"
        className="skip-link button"
        onClick={() => document.getElementById('main')?.focus()}
      >
        Skip to content
      </button>
      <Header />
      <RpcLinkBanner />
      <ConnectionBanner />
      {connected && (
        <Suspense fallback={null}>
          <SentTransactionsNotice />
        </Suspense>
      )}
      <UpdatePrompt />
      {/* Keyed by path: every route change mounts the page afresh (docs/product-rules.md, Routes). */}
      <main id="main" className="main" tabIndex={-1} key={location.pathname}>
        <OfflineNotice />
        <Outlet />
      </main>
      <Footer />
      <Toasts />
    </div>
  );
}
