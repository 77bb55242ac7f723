import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    // Two files at a time, also on a two-core machine (Vitest's default leaves one core free):
    // most devnet tests wait on a devnet process of their own, so one worker left a core idle
    // (measured: the devnet project in 185 s instead of 292 s).
    maxWorkers: 2,
    projects: [
      'packages/robonomics',
      'packages/devnet',
      'apps/web',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
