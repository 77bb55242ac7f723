/**
 * Crash points for the crash tests: when the environment variable DEVNET_FAULT names a point,
 * the process kills itself there with SIGKILL, exactly as a crash or `kill -9` at that moment
 * would (nothing is flushed, no handler runs). Unset, the points do nothing.
 */
export type CrashPoint = 'oracle:intent-recorded' | 'oracle:grant-included';

export function crashPoint(point: CrashPoint): void {
  if (process.env.DEVNET_FAULT !== point) return;
  console.error(`devnet: DEVNET_FAULT=${point}: killing the process here, as a crash would`);
  process.kill(process.pid, 'SIGKILL');
}

/**
 * Escape points for the last guard's tests (last-guard.ts): when DEVNET_FAULT names a point, a
 * promise is rejected there that nobody handles, and an exception nobody catches is thrown from
 * the next turn of the event loop, as a bug in that code would; the returned promise settles once
 * it was thrown. Unset, the points do nothing.
 */
export type EscapePoint = 'releases:request' | 'releases:start';

export function escapePoint(point: EscapePoint): Promise<void> {
  if (process.env.DEVNET_FAULT !== point) return Promise.resolve();
  void Promise.reject(new Error(`DEVNET_FAULT=${point}: a rejection nobody handles`));
  return new Promise((resolve) =>
    setImmediate(() => {
      resolve();
      throw new Error(`DEVNET_FAULT=${point}: an exception nobody catches`);
    }),
  );
}
