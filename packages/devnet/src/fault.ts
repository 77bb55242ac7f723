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
