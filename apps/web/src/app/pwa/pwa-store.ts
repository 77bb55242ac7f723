import { create } from 'zustand';

interface PwaState {
  /** Activates the waiting worker and reloads the page; set while a new build waits. */
  applyUpdate: (() => Promise<void>) | null;
}

/** What the service worker told the page (filled by register-worker.ts once it loads). */
export const usePwa = create<PwaState>(() => ({ applyUpdate: null }));
