/**
 * Chopsticks' core (the executor of real runtimes, its block builder, pool and RPC handlers),
 * loaded on demand: only the runtime engine pays for it, and its logger reads LOG_LEVEL when the
 * module loads, so the devnet's quieter default must be in place first.
 */
export type Chopsticks = typeof import('@acala-network/chopsticks-core');

let loading: Promise<Chopsticks> | null = null;

export function loadChopsticks(): Promise<Chopsticks> {
  if (!loading) {
    // Warnings and errors only, unless the user asked for more.
    process.env.LOG_LEVEL ??= 'warn';
    loading = import('@acala-network/chopsticks-core');
  }
  return loading;
}
