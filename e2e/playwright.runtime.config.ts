import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The app's chain flows against the production Robonomics runtime (spec 40, executed by
 * Chopsticks: `--engine runtime`): one test per flow, to keep `npm test` within its budget —
 * buying a subscription across an auction rotation, a setup with its users and controller, the
 * Home Assistant pass through the subscription, a launch through the parachain, a twin with its
 * sources, and the robot payment. Everything else, and these flows' refusals and edge cases, run
 * on the default engine (playwright.config.ts).
 */
export default defineConfig({
  ...base,
  testMatch: [
    'subscription.spec.ts',
    'setups.spec.ts',
    'devices.spec.ts',
    'dtwin.spec.ts',
    'humanoid.spec.ts',
    'transfer.spec.ts',
  ],
  grep: [
    /a buy succeeds after the auction rotates/,
    /adds a setup by owner, adds and removes a user/,
    /a user signs in with its phrase and saves a password the controller decrypts/,
    /falls back to the parachain and a command arrives/,
    /an owner creates a twin, adds sources/,
    /pays the robot 0\.5 XRT/,
    /transfer is offered where the runtime has it/,
  ],
  outputDir: 'artifacts/test-results-runtime',
  // One lane: these tests all use the chain.
  workers: 1,
  projects: [{ name: 'runtime' }],
  webServer: {
    ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
    // `npm test` has just built the app for the first browser run: E2E_SKIP_BUILD reuses it.
    command: `node scripts/stack.mjs --fresh${process.env.E2E_SKIP_BUILD ? ' --skip-build' : ''} -- --engine runtime --instant --seed`,
  },
});
