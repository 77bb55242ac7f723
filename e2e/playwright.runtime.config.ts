import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The app's chain flows against the production Robonomics runtime (spec 40, executed by
 * Chopsticks: `--engine runtime`): buying a subscription, setups, the Home Assistant pass and
 * launches, twins and the robot payment. The rest of the suite, which does not depend on the
 * chain engine, runs once, on the default engine (playwright.config.ts).
 */
export default defineConfig({
  ...base,
  testMatch: [
    'subscription.spec.ts',
    'setups.spec.ts',
    'devices.spec.ts',
    'dtwin.spec.ts',
    'humanoid.spec.ts',
  ],
  outputDir: 'artifacts/test-results-runtime',
  webServer: {
    ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
    command: 'node scripts/stack.mjs --fresh -- --engine runtime --instant --seed',
  },
});
