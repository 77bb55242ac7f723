/** Reconnect delay of attempt n (1-based): exponential, capped, with ±20% jitter. */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/**
 * Waits out a reconnect delay, cut short when the browser comes back online (a phone leaving a
 * tunnel should not wait up to half a minute for the next attempt).
 */
export function backoff(ms: number): Promise<void> {
  const events = globalThis as Partial<
    Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  >;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      events.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    events.addEventListener?.('online', done);
  });
}
