import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCI = Boolean(process.env.CI);
/** Debian's Chromium; CHROMIUM names another build (for example an older version kept to compare). */
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * The tests that neither write to the devnet nor use its home, and so may run beside the others:
 * matched on their file and title.
 */
const PAGES_LANE = [
  /shell\.spec\.ts/,
  /glyphs\.spec\.ts/,
  /saved-keys\.spec\.ts/,
  /pwa\.spec\.ts/,
  /a11y\.spec\.ts.*(every route signed (out|in) passes|the header popovers)/,
  /password-forms\.spec\.ts.*no route shows a password field/,
  /mobile\.spec\.ts.*(no route scrolls sideways|the header menu opens)/,
];

/**
 * Browser tests run in Debian's Chromium (never a downloaded browser) against the whole stack:
 * the config starts the devnet and the app on their default ports and stops them afterwards.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'artifacts/test-results',
  fullyParallel: false,
  // Two lanes side by side: the tests that only read (pages, themes, glyphs, axe sweeps, the
  // worker, keys kept in the browser) beside those that change the shared devnet or use its
  // home, each lane one test at a time.
  // The chain lane waits on blocks and the home much of the time, which the pages lane fills.
  workers: 2,
  projects: [
    { name: 'pages', grep: PAGES_LANE, workers: 1 },
    { name: 'chain', grepInvert: PAGES_LANE, workers: 1 },
  ],
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:5173/',
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No spec but pwa.spec.ts runs under the app's service worker: with it, routed and counted
    // requests would be answered from its cache, and every test would precache the whole build.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The stack's slow (8081) and failing (8082) gateways, plus one answering a web page (8083),
    // one that never answers (8084) and one answering every CID with another file (8085) for the
    // gateway tests.
    command:
      'node scripts/stack.mjs --fresh -- --instant --auction-duration 3 --seed --gateways 8081:delay=800,8082:status=502,8083:html,8084:hang,8085:lie',
    cwd: root,
    // The devnet stands in for the public nodes of the pinned networks: a hostile node that
    // claims one of them meets a second opinion (docs/security.md).
    env: { VITE_SECOND_OPINION_NODES: 'ws://127.0.0.1:9944' },
    url: 'http://127.0.0.1:5173/',
    timeout: 240_000,
    reuseExistingServer: !isCI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
