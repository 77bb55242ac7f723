import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    // Two files at a time, also on a two-core machine (Vitest's default leaves one core free):
    // most devnet tests wait on a devnet process of their own, so one worker left a core idle
    // (measured: the devnet project in 185 s instead of 292 s).
    maxWorkers: 2,
    // Worker threads, and a worker's files share its loaded modules instead of each loading its
    // own (every project sets `isolate: false`): per-file set-up was most of the pure projects' time
    // and a fifth of the devnet's (measured: the suite in 229 s instead of 366 s). Tests undo what
    // they change (servers stopped, stubs and timers restored in the projects' set-up).
    pool: 'threads',
    projects: [
      'packages/robonomics',
      'packages/devnet',
      'apps/web',
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          isolate: false,
        },
      },
    ],
  },
});
