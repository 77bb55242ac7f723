import { markFirstData } from '@robonomics-dapp/robonomics/chain/first-data/marks';
import {
  FIRST_READS_ASK,
  isWorkerFirstReads,
  type WorkerFirstReads,
} from '@robonomics-dapp/robonomics/chain/first-data/worker-reads';

/** After this long the worker's answers are no longer waited for: the page's own socket's count. */
const WAIT_MS = 10_000;

/**
 * Asks the service worker that controls this page for the answers of the first reads it started
 * when this navigation reached it (docs/first-data.md, "The service worker's head start"). Null
 * when no worker controls the page, it started none, or it does not answer in time.
 */
export function askWorkerForFirstReads(): Promise<WorkerFirstReads | null> {
  const worker = globalThis.navigator?.serviceWorker?.controller;
  if (!worker || typeof MessageChannel !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = (reads: WorkerFirstReads | null) => {
      clearTimeout(timer);
      channel.port1.close();
      if (reads) markFirstData('worker-answers');
      resolve(reads);
    };
    const timer = setTimeout(() => done(null), WAIT_MS);
    channel.port1.onmessage = ({ data }) => done(isWorkerFirstReads(data) ? data : null);
    try {
      worker.postMessage({ type: FIRST_READS_ASK }, [channel.port2]);
    } catch {
      done(null);
    }
  });
}
