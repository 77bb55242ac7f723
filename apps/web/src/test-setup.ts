import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
  // The next file may run in the same worker (no isolation): it starts on real timers.
  vi.useRealTimers();
});
