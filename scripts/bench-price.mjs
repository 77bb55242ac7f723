// Time from navigation to the subscription price on screen, against the devnet: median of nine
// cold loads (a new browser profile each: no cached metadata) and of nine warm loads (same
// profile: the metadata cache keyed by genesis hash and spec version is used), with the app's
// milestones (docs/first-data.md); then the same with the devnet behind a proxy that adds
// 100 ms per WebSocket message in each direction. `--no-latency` skips the second part.
//
// "On screen" is seen from inside the page by an observer the bench installs before any of the
// page's scripts (it does not rely on the app's own marks): the end of the first frame painted
// after the price with its unit entered the DOM. The test driver's own view is printed beside it; it lags
// by Playwright's polling (it checks again after 20, 50, 100, 100, then every 500 ms).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startLatencyProxy } from './latency-proxy.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const URL_DASHBOARD = 'http://127.0.0.1:5173/#/';
const LOADS = 9;
/** After the stack is up: its start-up work (seeding, the devnet home's first reports) settles. */
const SETTLE_MS = 3000;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Starts the stack (from genesis, with `devnetArgs`) and resolves once the app is served;
 * `build: false` serves the app built by an earlier start.
 * @param {string[]} [devnetArgs]
 * @param {{ build?: boolean }} [options]
 */
export function startBenchStack(devnetArgs = [], { build = true } = {}) {
  const own = build ? ['--fresh'] : ['--fresh', '--skip-build'];
  const child = spawn(process.execPath, ['scripts/stack.mjs', ...own, '--', ...devnetArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    /** @type {string[]} */
    const lines = [];
    const onLine = (/** @type {string} */ line) => {
      lines.push(line);
      if (line.startsWith('The app is running at')) resolve(child);
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.on('exit', (code) => reject(new Error(`stack exited ${code}:\n${lines.join('\n')}`)));
  });
}

/** The milestones the app marks (packages/robonomics/src/chain/first-data-marks.ts), in order. */
const MILESTONES = [
  'script-parsed',
  'socket-open',
  'runtime-version',
  'first-storage',
  'metadata-ready',
  'price-painted',
];
const MARK_PREFIX = 'first-data:';
/** Where the chain answers when latency is added: the proxy takes the usual port. */
const BEHIND_PROXY_CHAIN_PORT = 9946;
const CHAIN_PORT = 9944;
const ADDED_LATENCY_MS = 100;

/**
 * Loads the dashboard; returns the time from navigation to the price on screen and the app's
 * milestones (ms since navigation start, null when one was not reached).
 * @param {import('@playwright/test').Page} page
 */
async function timeToPrice(page) {
  const started = performance.now();
  // Not waiting for the load event: the price may be on screen before the page's last chunk.
  await page.goto(URL_DASHBOARD, { waitUntil: 'commit' });
  await page.getByTestId('subscription-price').filter({ hasText: 'XRT' }).waitFor();
  const driver = performance.now() - started;
  const total = Number(
    await page
      .waitForFunction(() => /** @type {BenchWindow} */ (window).__benchPriceFrame)
      .then((h) => h.jsonValue()),
  );
  // The rest of the milestones may come after the price (the metadata, on the fast path).
  await page
    .waitForFunction(
      (names) => names.every((n) => performance.getEntriesByName(n).length > 0),
      MILESTONES.map((m) => MARK_PREFIX + m),
      { timeout: 15_000 },
    )
    .catch(() => {});
  /** @type {Record<string, number | null>} */
  const marks = await page.evaluate(
    ({ names, prefix }) =>
      Object.fromEntries(
        names.map((n) => [n, performance.getEntriesByName(prefix + n)[0]?.startTime ?? null]),
      ),
    { names: MILESTONES, prefix: MARK_PREFIX },
  );
  return { total, driver, marks };
}

/** @typedef {Window & { __benchPriceFrame?: number }} BenchWindow */

/**
 * Installed in every page before its own scripts: notes the time (ms since navigation start) when
 * the first frame after the price with its unit entered the DOM has been painted.
 */
function observePrice() {
  const shown = () =>
    document.querySelector('[data-testid="subscription-price"]')?.textContent?.includes('XRT');
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    // The frame's rendering steps (style, layout, paint) run right after its animation frame
    // callbacks; a message posted there is handled once they are done.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        /** @type {BenchWindow} */ (window).__benchPriceFrame = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * @param {string} label
 * @param {{ total: number, driver: number, marks: Record<string, number | null> }[]} loads
 */
function report(label, loads) {
  const totals = loads.map((l) => l.total);
  const drivers = loads.map((l) => l.driver);
  console.log(
    `time to price on screen, ${label}: median ${median(totals).toFixed(0)} ms (${totals.map((x) => x.toFixed(0)).join(', ')}); the driver saw it after ${median(drivers).toFixed(0)} ms`,
  );
  const parts = MILESTONES.map((m) => {
    const values = /** @type {number[]} */ (
      loads.map((l) => l.marks[m]).filter((v) => typeof v === 'number')
    );
    return `${m} ${values.length === loads.length ? median(values).toFixed(0) : '–'}`;
  });
  console.log(`  breakdown (median ms since navigation): ${parts.join(' · ')}`);
  return median(totals);
}

/** A new browser profile whose pages note when the price is on screen. */
async function observedContext(/** @type {import('@playwright/test').Browser} */ browser) {
  const context = await browser.newContext();
  await context.addInitScript(observePrice);
  return context;
}

/**
 * Cold loads (a new profile each) then warm loads (one profile, after a first visit).
 * @param {import('@playwright/test').Browser} browser
 * @param {string} label
 */
async function coldAndWarm(browser, label) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  // One load first, not counted: the servers' own first-request work.
  const first = await observedContext(browser);
  await timeToPrice(await first.newPage());
  await first.close();
  const cold = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await observedContext(browser);
    cold.push(await timeToPrice(await context.newPage()));
    await context.close();
  }
  const context = await observedContext(browser);
  const firstVisit = await context.newPage();
  await timeToPrice(firstVisit);
  // A returning user's browser has the offline support installed: wait until the service worker
  // has cached the app and is active (up to 15 s), as it is by a second visit in real use.
  await firstVisit
    .waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 15_000 })
    .catch(() => {});
  const warm = [];
  for (let i = 0; i < LOADS; i++) warm.push(await timeToPrice(await context.newPage()));
  await context.close();
  return { cold: report(`cold${label}`, cold), warm: report(`warm${label}`, warm) };
}

/** Stops a stack started by startBenchStack. */
async function stopStack(/** @type {import('node:child_process').ChildProcess} */ stack) {
  stack.kill('SIGTERM');
  await new Promise((r) => stack.once('exit', r));
}

/**
 * Times the price against the devnet, then against the devnet behind the latency proxy
 * (`latency`: false skips that part).
 */
export async function benchPrice({ latency = true } = {}) {
  if (!existsSync(CHROMIUM)) {
    console.log(`time to price: skipped (${CHROMIUM} is missing)`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    let stack = await startBenchStack();
    try {
      await coldAndWarm(browser, '');
    } finally {
      await stopStack(stack);
    }
    if (!latency) return;
    stack = await startBenchStack(['--chain-port', String(BEHIND_PROXY_CHAIN_PORT)], {
      build: false,
    });
    const proxy = await startLatencyProxy({
      listenPort: CHAIN_PORT,
      targetPort: BEHIND_PROXY_CHAIN_PORT,
      delayMs: ADDED_LATENCY_MS,
    });
    try {
      await coldAndWarm(browser, ` (+${ADDED_LATENCY_MS} ms per message each way)`);
    } finally {
      await proxy.close();
      await stopStack(stack);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchPrice({ latency: !process.argv.includes('--no-latency') });
}
