import { markFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/marks';
import {
  FIRST_READS_ASK,
  isWorkerFirstReads,
  type WorkerFirstReads,
} from '@robonomics-dapp/robonomics/chain/connection/first-data/worker-reads';

/** After this long the worker's answers are no longer waited for: the page's own socket's count. */
const WAIT_MS = 10_000;

/**
 * Asks the service worker that controls this page for the answers of the first reads it started
 * when this navigation reached it (docs/first-data.md, "The service worker's head start"): null
 * when it started none or does not answer in time; undefined at once when no worker controls the
 * page (a first visit), so the reads go to the page's socket alone.
 */
export function askWorkerForFirstReads(): Promise<WorkerFirstReads | null> | undefined {
  const worker = globalThis.navigator?.serviceWorker?.controller;
  if (!worker || typeof MessageChannel !== 'function') return undefined;
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
