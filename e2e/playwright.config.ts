import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCI = Boolean(process.env.CI);
/**
 * Debian's Chromium, the whole browser; CHROMIUM names another build for every test (for example
 * an older version kept to compare).
 */
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell): the same Blink
 * and V8 without the browser's own features (password manager, notifications). Measured on the
 * 2-core machine it does the same tests with about a quarter less CPU, so every test runs in it
 * but those that need the whole browser. Without it (a machine that has only chromium), the whole
 * browser runs them all.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const lightChromium =
  process.env.CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromium);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A spec file's tests, matched on the string Playwright greps (project, file, describe blocks and
 * title, joined by spaces): all of them, or those whose title contains one of `titles`.
 */
function spec(file: string, ...titles: string[]): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const name = ` ${literal(`${file}.spec.ts`)} `;
  return new RegExp(titles.length ? `${name}.*(${titles.map(literal).join('|')})` : name);
}

/**
 * The home lane: the seeded home (its controller, Home Assistant, relay and proxy) and every
 * lever that stops, restarts, hides or rewrites it, with every test that opens that home or
 * Alice's setup, and the first hour, whose new homes live on the same Home Assistant, relay and
 * proxy.
 */
const HOME_LANE = [
  spec('first-hour'),
  spec('home-first'),
  spec('relay'),
  spec('devices-domains'),
  spec('devices'),
  spec('gateways'),
  spec('lying-gateway'),
  spec('config-follow'),
  spec('only-the-home'),
  spec('home-p2p'),
  spec('ha-pass'),
  spec('ipfs-hosted'),
  spec('quiet-home'),
  spec('toasts'),
  // Both pages of the seeded setup, whose device list devices and ha-pass rewrite.
  spec('subscriptions'),
  spec('a11y', 'the devices panel of a signed-in user', 'toggling a light'),
  spec('devices-layout', 'device cards by category', 'the controls bar: marks'),
  spec('key-keeping', 'where the address check gets no answer'),
  spec('mobile', 'the home fits the phone'),
  spec('save-setup', 'a device encrypts a file'),
  spec('security', 'sign-out leaves no readable home data'),
  spec('transaction-end', 'a command through the parachain'),
];

/**
 * The tests that need the whole browser: Chromium's password manager writes the console lines
 * password-forms reads, and only the whole browser shows a service worker's notifications. Each
 * works on a chain of its own or only reads.
 */
const WHOLE_BROWSER = [
  spec('password-forms', 'no route shows a password field'),
  // One serial file on a chain of its own (its notifications test among them).
  spec('reminders'),
];

/**
 * The two axe sweeps of every route in both themes (about 130 s, a quarter of the chain lane's
 * time): they only read, signed out or as Alice with her saved setup, so they run in a lane of
 * their own beside the others.
 */
const SWEEPS = [spec('a11y', 'every route signed out', 'every route signed in')];

/**
 * The tests that upgrade the stack's runtime: they run last, alone, so no test of another lane
 * meets an upgrade mid-way and every test before them
 * reads the runtime the stack started with (prices, spec versions, metadata offers). Each puts
 * the runtime's calls and constants back afterwards.
 */
const RUNTIME_UPGRADES = [
  spec('runtime-upgrade'),
  spec('transfer', 'a runtime upgrade that brings the transfer call'),
  spec('wallet-metadata', 'after a runtime upgrade the wallet is offered'),
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
  // Two lanes side by side, each one test at a time. The chain lane is everything the home lane
  // is not: accounts of its own (fresh, or fixed ones no other spec uses), auctions and bids,
  // hostile nodes on ports of their own, the EVM, and the pages that only read. They cannot
  // disturb each other: only the home lane writes the seeded home, its levers and Alice's
  // subscription. What both touch is made safe where it is used: a //Alice signature whose nonce
  // the other lane took is signed again (DevnetChain.send), a purchase keeps a spare free auction,
  // and tests read the auction queue, auctions and twins as the chain has them now, since the
  // other lane's blocks close auctions.
  // The axe sweeps, which only read, and the whole browser's few tests (about 25 s, on a chain of
  // their own or reading only) run beside both from the start; the runtime upgrades come last,
  // alone. Measured on the two-core machine (sums of test time): home 428 s, chain 367 s, sweeps
  // 168 s, whole browser 29 s, upgrades 13 s; the run 492 s instead of 522 s with the sweeps in
  // the chain lane (which then took 471 s).
  workers: 4,
  projects: [
    { name: 'home', grep: HOME_LANE, workers: 1 },
    {
      name: 'chain',
      grepInvert: [...HOME_LANE, ...SWEEPS, ...WHOLE_BROWSER, ...RUNTIME_UPGRADES],
      workers: 1,
    },
    { name: 'sweeps', grep: SWEEPS, workers: 1 },
    {
      name: 'whole-browser',
      grep: WHOLE_BROWSER,
      workers: 1,
      use: { launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS } },
    },
    {
      name: 'runtime-upgrades',
      grep: RUNTIME_UPGRADES,
      dependencies: ['home', 'chain', 'sweeps', 'whole-browser'],
      workers: 1,
    },
  ],
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:5173/',
    browserName: 'chromium',
    // A trace records every action's page (DOM snapshots, screencast frames): in CI only a
    // test's retry records one (measured on three specs: 12% less CPU for the run than with every
    // test traced); run locally, without retries, a failing test keeps its trace.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No spec but pwa.spec.ts runs under the app's service worker: with it, routed and counted
    // requests would be answered from its cache, and every test would precache the whole build.
    serviceWorkers: 'block',
    launchOptions: { executablePath: lightChromium, args: CHROMIUM_ARGS },
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
