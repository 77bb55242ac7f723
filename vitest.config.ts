import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/robonomics',
      'packages/devnet',
      'apps/web',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
