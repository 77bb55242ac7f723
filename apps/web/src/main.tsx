import { markFirstData } from '@robonomics-dapp/robonomics/chain/first-data-marks';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { isFramed, showFramedNotice } from './app/frame-guard.ts';
import { startWorkerAfterPaint } from './app/pwa/start-worker.ts';
import { startChain } from './lib/chain-store.ts';
import { removePlaintextConfigs } from './lib/home-config-cache.ts';
import './app/styles.css';

markFirstData('script-parsed');

// An older version kept the decrypted Home Assistant config in localStorage.
removePlaintextConfigs();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
if (isFramed()) showFramedNotice(root, window.location.href);
else {
  // The socket opens and the first reads go out before React renders (docs/first-data.md).
  startChain();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  startWorkerAfterPaint();
}
