import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The real-time benchmarks (`npm run bench:first-hour`): walks that take minutes by design, on
 * a fresh stack as `npm start` runs it (blocks every 6 s, the runtime's 10-block auctions, the
 * demo scenario seeded), never on the test suite's fast chain. Not part of CI nor of
 * `npm run bench`.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './bench',
  testMatch: '*.bench.ts',
  projects: undefined,
  workers: 1,
  retries: 0,
  timeout: 45 * 60_000,
  expect: { timeout: 30_000 },
  webServer: {
    ...(Array.isArray(baseConfig.webServer) ? baseConfig.webServer[0] : baseConfig.webServer)!,
    command: 'node scripts/stack.mjs --fresh -- --seed',
    cwd: root,
    env: {},
    reuseExistingServer: false,
  },
});
