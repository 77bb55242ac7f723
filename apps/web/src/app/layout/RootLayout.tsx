import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { safeStorage } from '../../lib/storage/safe-storage.ts';
import {
  keepsSentRecords,
  SENT_RECORDS_KEPT_EVENT,
  SENT_TRANSACTIONS_KEY,
} from '../../lib/storage/sent-transactions-key.ts';
import { useChain } from '../../lib/stores/chain-store.ts';
import { OfflineNotice } from '../pwa/OfflineNotice.tsx';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RpcLinkBanner } from './RpcLinkBanner.tsx';
import { Toasts } from './Toasts.tsx';

/**
 * Follows sent transactions and lists ends found meanwhile: loaded once a node is connected and
 * this browser keeps a transaction (useKeepsSentRecords).
 */
const SentTransactionsNotice = lazy(() => import('./SentTransactionsNotice.tsx'));

/**
 * Whether this browser keeps a record of a signed transaction: from the page's load, from the
 * moment this tab keeps its first one, or when another tab does. Until then there is nothing to
 * follow, and a visitor who never signed here does not fetch the block search.
 */
function useKeepsSentRecords(): boolean {
  const [keeps, setKeeps] = useState(() =>
    keepsSentRecords(safeStorage.get(SENT_TRANSACTIONS_KEY)),
  );
  useEffect(() => {
    if (keeps) return;
    const kept = () => setKeeps(true);
    const keptElsewhere = (event: StorageEvent) => {
      if (event.key === SENT_TRANSACTIONS_KEY && keepsSentRecords(event.newValue)) setKeeps(true);
    };
    window.addEventListener(SENT_RECORDS_KEPT_EVENT, kept);
    window.addEventListener('storage', keptElsewhere);
    return () => {
      window.removeEventListener(SENT_RECORDS_KEPT_EVENT, kept);
      window.removeEventListener('storage', keptElsewhere);
    };
  }, [keeps]);
  return keeps;
}

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
  const keepsSent = useKeepsSentRecords();
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
      {connected && keepsSent && (
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
