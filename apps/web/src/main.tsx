import { markFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/marks';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startWorkerAfterPaint } from './app/pwa/start-worker.ts';
import { afterFirstContent } from './lib/shell/after-first-content.ts';
import { isFramed, showFramedNotice } from './lib/shell/frame-guard.ts';
import { routePaths } from './lib/shell/route-table.ts';
import { removePlaintextConfigs } from './lib/storage/home-config-cache.ts';
import { firstDataIn, holdChainClient, startChain } from './lib/stores/chain-store.ts';
import { keyKeepingCheck } from './lib/user-key/key-keeping-check.ts';
import './app/styles.css';

markFirstData('script-parsed');

/** The longest the dashboard's first render waits for the first reads' answers. */
const FIRST_RENDER_WAIT_MS = 50;
/** The longest the service worker's install waits for the first values to be in. */
const WORKER_WAIT_MS = 10_000;
/** The longest the chain client's start waits for a home kept on this device to be shown. */
const CLIENT_HOLD_MS = 1500;
/** The longest the check of where keys may be kept waits for the first paint and idle time. */
const KEEPING_CHECK_WAIT_MS = 2000;

// An older version kept the decrypted Home Assistant config in localStorage.
removePlaintextConfigs();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
if (isFramed()) showFramedNotice(root, window.location.href);
else {
  // The page's first script has sent the first reads; their answers are usually in by now. On the
  // dashboard, which shows them, the first render waits for them briefly so it paints them at
  // once instead of rendering the page twice (docs/first-data.md).
  // (No top-level await here: it would split the entry into many small chunks.)
  startChain();
  // A returning user's devices page: its first reads (the key kept on this device, the home's
  // last record) start with the app, beside the page's own code (docs/devices-page.md). The
  // chain client's start waits for them from now on, not from when their chunk has arrived: it
  // could start first.
  if (window.location.hash.startsWith(`#${routePaths.devices}`)) {
    holdChainClient(
      import('./features/devices/first-paint/early-home.ts').then((early) =>
        early.startEarlyHome(),
      ),
      CLIENT_HOLD_MS,
    );
  }
  const render = () => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // Its install fetches every file of the app: not while the first values are on their way.
    startWorkerAfterPaint(firstDataIn(WORKER_WAIT_MS));
    // Whether this address serves nothing but the app, asked now rather than when a key is to be
    // kept, so options that keep keys are answered by the time they are used; once the page has
    // painted its first content and is idle, so that it delays nothing that keeps no key
    // (docs/security.md, "Where keys are kept").
    afterFirstContent(keyKeepingCheck.start, KEEPING_CHECK_WAIT_MS);
  };
  if (['', '#', '#/'].includes(window.location.hash)) {
    void firstDataIn(FIRST_RENDER_WAIT_MS).then(render);
  } else render();
}
