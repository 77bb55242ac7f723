// Time from navigation to the subscription price on screen, against the devnet: median of nine
// cold loads (a new browser profile each: no cached metadata) and of nine warm loads (same
// profile: the metadata cache keyed by genesis hash and spec version is used), with the app's
// milestones (docs/first-data.md); then the same with the devnet behind a proxy that adds
// 100 ms per WebSocket message in each direction.
//
// Side by side: the app is measured with other dashboards served on loopback, their loads taken
// in turn with ours so that the machine's ups and downs fall on all alike: the floor page (a
// plain React + dedot page with the same two values, scripts/bench-floor.mjs; `--no-floor` leaves
// it out) and any other build given by its URL and the text it shows with the price
// (`--against <url> --against-text <text>`, repeatable). `--no-latency` skips the second part,
// `--loads <n>` changes the nine, `--traces <n>` the number of traced loads (3).
//
// "On screen" is seen from inside the page by an observer the bench installs before any of the
// page's scripts (it does not rely on the app's own marks): the end of the first frame painted
// after the price with its unit entered the DOM. The test driver's own view is printed beside it;
// it lags by Playwright's polling (it checks again after 20, 50, 100, 100, then every 500 ms).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { serveFloorPage } from './bench-floor.mjs';
import { breakdown, traceLoad } from './bench-trace.mjs';
import { startLatencyProxy } from './latency-proxy.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const URL_DASHBOARD = 'http://127.0.0.1:5173/#/';
const APP_DIST = join(root, 'apps', 'web', 'dist');
const LOADS = 9;
const TRACES = 3;
/** After the stack is up: its start-up work (seeding, the devnet home's first reports) settles. */
const SETTLE_MS = 3000;
/** "Everything the dashboard loads in its first seconds": what the page fetched by then. */
const FIRST_SECONDS_MS = 5000;
/** Its budget, gzip -9 (docs/architecture.md, Budgets). */
export const FIRST_SECONDS_BUDGET_KIB = 185;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

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

/** The milestones the app marks (packages/robonomics/src/chain/connection/first-data/marks.ts), in order. */
const MILESTONES = [
  'script-parsed',
  'worker-answers',
  'socket-open',
  'runtime-version',
  'first-storage',
  'metadata-ready',
  'price-painted',
];
const MARK_PREFIX = 'first-data:';
/** Where the chain answers when latency is added: the proxy takes the usual port. */
export const BEHIND_PROXY_CHAIN_PORT = 9946;
export const CHAIN_PORT = 9944;
export const ADDED_LATENCY_MS = 100;
/** Set by the observer in the page when the price's frame is painted (see observePrice). */
const PRICE_FRAME_MARK = 'bench:price-frame';

/**
 * A dashboard to load: where, and how its price is recognised (the element `selector` matches,
 * or the whole page, once its text has `text`).
 * @typedef {{ name: string, url: string, text: string, selector?: string, marks?: boolean, dist?: string }} Contender
 */

/** @type {Contender} */
export const OURS = {
  name: 'this app',
  url: URL_DASHBOARD,
  selector: '[data-testid="subscription-price"]',
  text: 'XRT',
  marks: true,
  dist: APP_DIST,
};

/**
 * @typedef {{ total: number, driver: number, marks: Record<string, number | null> }} Load
 * @typedef {Window & { __benchPriceFrame?: number }} BenchWindow
 */

/**
 * Loads a dashboard; returns the time from navigation to the price on screen and the app's
 * milestones (ms since navigation start, null when one was not reached).
 * @param {import('@playwright/test').Page} page
 * @param {Contender} contender
 * @returns {Promise<Load>}
 */
async function timeToPrice(page, contender) {
  const started = performance.now();
  // Not waiting for the load event: the price may be on screen before the page's last chunk.
  await page.goto(contender.url, { waitUntil: 'commit' });
  await page
    .locator(contender.selector ?? 'body')
    .filter({ hasText: contender.text })
    .first()
    .waitFor();
  const driver = performance.now() - started;
  const total = Number(
    await page
      .waitForFunction(() => /** @type {BenchWindow} */ (window).__benchPriceFrame)
      .then((h) => h.jsonValue()),
  );
  if (!contender.marks) return { total, driver, marks: {} };
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

/**
 * Installed in every page before its own scripts: notes the time (ms since navigation start) when
 * the first frame after the price entered the DOM has been painted, and marks it for traces.
 * @param {{ selector: string | null, text: string, mark: string }} what
 */
function observePrice({ selector, text, mark }) {
  const shown = () =>
    (selector ? document.querySelector(selector) : document.body)?.textContent?.includes(text);
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    // The frame's rendering steps (style, layout, paint) run right after its animation frame
    // callbacks; a message posted there is handled once they are done.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark(mark);
        /** @type {BenchWindow} */ (window).__benchPriceFrame = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * A new browser profile whose pages note when the contender's price is on screen.
 * @param {import('@playwright/test').Browser} browser
 * @param {Contender} contender
 */
async function observedContext(browser, contender) {
  const context = await browser.newContext();
  await context.addInitScript(observePrice, {
    selector: contender.selector ?? null,
    text: contender.text,
    mark: PRICE_FRAME_MARK,
  });
  return context;
}

/**
 * Prints one contender's loads and returns their median.
 * @param {string} label
 * @param {Load[]} loads
 * @param {boolean} marks
 */
function report(label, loads, marks) {
  const totals = loads.map((l) => l.total);
  const drivers = loads.map((l) => l.driver);
  console.log(
    `time to price on screen, ${label}: median ${median(totals).toFixed(0)} ms (${totals.map((x) => x.toFixed(0)).join(', ')}); the driver saw it after ${median(drivers).toFixed(0)} ms`,
  );
  if (marks) {
    const parts = MILESTONES.map((m) => {
      const values = /** @type {number[]} */ (
        loads.map((l) => l.marks[m]).filter((v) => typeof v === 'number')
      );
      return `${m} ${values.length === loads.length ? median(values).toFixed(0) : '–'}`;
    });
    console.log(`  breakdown (median ms since navigation): ${parts.join(' · ')}`);
  }
  return median(totals);
}

/**
 * Waits until a page's service worker (if it registers one within a few seconds) controls it,
 * as it does by a second visit in real use (up to 15 s).
 * @param {import('@playwright/test').Page} page
 */
async function untilWorkerActive(page) {
  await page
    .waitForFunction(
      async () => {
        const registration = await navigator.serviceWorker?.getRegistration();
        if (registration) return navigator.serviceWorker.controller !== null;
        // The app registers its worker once the page is idle after its load: give it time.
        return performance.now() > 5000;
      },
      null,
      { timeout: 15_000, polling: 250 },
    )
    .catch(() => {});
}

/**
 * Cold loads (a new profile each) then warm loads (one profile per contender, after a first
 * visit), the contenders' loads taken in turn.
 * @param {import('@playwright/test').Browser} browser
 * @param {Contender[]} contenders
 * @param {string} label
 * @param {number} loads
 */
async function coldAndWarm(browser, contenders, label, loads) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  // One load each first, not counted: the servers' own first-request work.
  for (const contender of contenders) {
    const first = await observedContext(browser, contender);
    await timeToPrice(await first.newPage(), contender);
    await first.close();
  }
  /** @type {Load[][]} */
  const cold = contenders.map(() => []);
  for (let i = 0; i < loads; i++) {
    for (const [n, contender] of contenders.entries()) {
      const context = await observedContext(browser, contender);
      cold[n]?.push(await timeToPrice(await context.newPage(), contender));
      await context.close();
    }
  }
  const contexts = [];
  for (const contender of contenders) {
    const context = await observedContext(browser, contender);
    const firstVisit = await context.newPage();
    await timeToPrice(firstVisit, contender);
    await untilWorkerActive(firstVisit);
    contexts.push(context);
  }
  /** @type {Load[][]} */
  const warm = contenders.map(() => []);
  for (let i = 0; i < loads; i++) {
    for (const [n, contender] of contenders.entries()) {
      const context = /** @type {import('@playwright/test').BrowserContext} */ (contexts[n]);
      warm[n]?.push(await timeToPrice(await context.newPage(), contender));
    }
  }
  for (const context of contexts) await context.close();
  return contenders.map((contender, n) => ({
    name: contender.name,
    cold: report(`${contender.name}, cold${label}`, cold[n] ?? [], contender.marks ?? false),
    warm: report(`${contender.name}, warm${label}`, warm[n] ?? [], contender.marks ?? false),
  }));
}

/**
 * What a contender's page fetches over HTTP in its first seconds on a cold load (the service
 * worker's own precaching apart): KiB as transferred and, for a build whose files are at hand,
 * gzip -9 of each file, as the bundle budget counts them.
 * @param {import('@playwright/test').Browser} browser
 * @param {Contender} contender
 */
async function firstSecondsWeight(browser, contender) {
  const context = await observedContext(browser, contender);
  try {
    const page = await context.newPage();
    /** @type {Promise<{ url: string, bytes: number }>[]} */
    const fetched = [];
    page.on('requestfinished', (request) => {
      if (request.url().startsWith('data:')) return;
      fetched.push(
        request.sizes().then(
          (sizes) => ({ url: request.url(), bytes: sizes.responseBodySize }),
          () => ({ url: request.url(), bytes: 0 }),
        ),
      );
    });
    /** @type {string[]} */
    const precached = [];
    context.on('requestfinished', (request) => {
      if (request.serviceWorker()) precached.push(request.url());
    });
    await page.goto(contender.url, { waitUntil: 'commit' });
    await page.waitForTimeout(FIRST_SECONDS_MS);
    const files = await Promise.all(fetched);
    const transferred = files.reduce((sum, f) => sum + f.bytes, 0) / 1024;
    const line = [
      `${contender.name}: ${files.length} requests in its first ${FIRST_SECONDS_MS / 1000} s, ${transferred.toFixed(1)} KiB transferred`,
    ];
    /** @type {number | undefined} */
    let gzipKiB;
    if (contender.dist) {
      const dist = contender.dist;
      const origin = new URL(contender.url).origin;
      const gzip = (/** @type {string} */ url) => {
        const path = new URL(url).pathname.replace(/^\/+/, '') || 'index.html';
        const file = join(dist, path);
        return url.startsWith(origin) && existsSync(file)
          ? gzipSync(readFileSync(file), { level: 9 }).length / 1024
          : 0;
      };
      const js = files.filter((f) => /\.m?js$/.test(new URL(f.url).pathname));
      const jsKiB = js.reduce((sum, f) => sum + gzip(f.url), 0);
      const allKiB = files.reduce((sum, f) => sum + gzip(f.url), 0);
      gzipKiB = allKiB;
      line.push(
        `${allKiB.toFixed(1)} KiB gzip -9 (${jsKiB.toFixed(1)} KiB of it JS in ${js.length} files)`,
      );
      // The heaviest files, to see what a change to the budget comes from.
      const heaviest = files
        .map((f) => ({ name: new URL(f.url).pathname.split('/').pop() || '/', kib: gzip(f.url) }))
        .sort((a, b) => b.kib - a.kib)
        .slice(0, 8)
        .map((f) => `${f.name} ${f.kib.toFixed(1)}`);
      line.push(`heaviest (KiB gzip -9): ${heaviest.join(', ')}`);
    }
    if (precached.length > 0) line.push(`its service worker fetched ${precached.length} files`);
    console.log(`  ${line.join('; ')}`);
    return gzipKiB;
  } finally {
    await context.close();
  }
}

/**
 * Median main-thread CPU of cold loads by kind of work up to the price's frame, from Chromium
 * traces (scripts/bench-trace.mjs).
 * @param {import('@playwright/test').Browser} browser
 * @param {Contender} contender
 * @param {number} count
 */
async function tracedLoads(browser, contender, count) {
  /** @type {NonNullable<ReturnType<typeof breakdown>>[]} */
  const results = [];
  for (let i = 0; i < count; i++) {
    const context = await observedContext(browser, contender);
    try {
      const page = await context.newPage();
      const events = await traceLoad(browser, page, contender.url, () =>
        page.waitForFunction(() => /** @type {BenchWindow} */ (window).__benchPriceFrame),
      );
      const result = breakdown(events, PRICE_FRAME_MARK);
      if (result) results.push(result);
    } finally {
      await context.close();
    }
  }
  if (results.length === 0) return;
  const keyed = (/** @type {(r: (typeof results)[number]) => Record<string, number>} */ pick) => {
    const keys = [...new Set(results.flatMap((r) => Object.keys(pick(r))))];
    return keys
      .map(
        (k) => /** @type {[string, number]} */ ([k, median(results.map((r) => pick(r)[k] ?? 0))]),
      )
      .filter(([, v]) => v >= 0.5)
      .sort((a, b) => b[1] - a[1]);
  };
  const kinds = keyed((r) => r.cpuMs);
  const cpu = kinds.reduce((sum, [, v]) => sum + v, 0);
  console.log(
    `  ${contender.name}, main thread before the price (median of ${results.length} traced cold loads): ${cpu.toFixed(0)} ms CPU in a window of ${median(results.map((r) => r.wallMs)).toFixed(0)} ms: ${kinds.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' · ')}`,
  );
  console.log(
    `    parse and compile per script (CPU ms): ${keyed((r) => r.compileMs)
      .slice(0, 8)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(' · ')}`,
  );
}

/** Stops a stack started by startBenchStack. */
async function stopStack(/** @type {import('node:child_process').ChildProcess} */ stack) {
  stack.kill('SIGTERM');
  await new Promise((r) => stack.once('exit', r));
}

/**
 * @param {{ name: string, cold: number, warm: number }[]} results
 * @param {string} label
 */
function compare(results, label) {
  const [ours, ...others] = results;
  if (!ours || others.length === 0) return;
  for (const other of others) {
    console.log(
      `side by side${label}: ${ours.name} takes ${(ours.cold / other.cold).toFixed(2)} of the time of ${other.name} cold (${ours.cold.toFixed(0)} vs ${other.cold.toFixed(0)} ms), ${(ours.warm / other.warm).toFixed(2)} warm (${ours.warm.toFixed(0)} vs ${other.warm.toFixed(0)} ms)`,
    );
  }
}

/**
 * Times the price against the devnet, then against the devnet behind the latency proxy
 * (`latency`: false skips that part), beside the floor page (`floor`) and `against`. Resolves
 * with what the app fetched in its first seconds (KiB gzip -9), unless Chromium is missing.
 * @param {{ latency?: boolean, floor?: boolean, against?: Contender[], loads?: number, traces?: number }} [options]
 */
export async function benchPrice({
  latency = true,
  floor = true,
  against = [],
  loads = LOADS,
  traces = TRACES,
} = {}) {
  if (!existsSync(CHROMIUM)) {
    console.log(`time to price: skipped (${CHROMIUM} is missing)`);
    return null;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const floorPage = floor ? await serveFloorPage() : null;
  /** @type {Contender[]} */
  const contenders = [
    OURS,
    ...(floorPage ? [{ name: 'the floor page', url: floorPage.url, text: floorPage.text }] : []),
    ...against,
  ];
  // The devnet serves only the pages it is told of: the app's own origins and the contenders'.
  const origins = [
    ...new Set([
      'http://127.0.0.1:5173',
      'http://localhost:5173',
      ...contenders.map((c) => new URL(c.url).origin),
    ]),
  ];
  const devnetArgs = ['--allowed-origins', origins.join(',')];
  /** @type {number | undefined} */
  let firstSecondsKiB;
  try {
    let stack = await startBenchStack(devnetArgs);
    try {
      compare(await coldAndWarm(browser, contenders, '', loads), '');
      console.log('Weight of a cold load (the page’s own requests):');
      for (const contender of contenders) {
        const kib = await firstSecondsWeight(browser, contender);
        if (contender === OURS) firstSecondsKiB = kib;
      }
      if (traces > 0) {
        console.log('Chromium traces:');
        for (const contender of contenders) await tracedLoads(browser, contender, traces);
      }
    } finally {
      await stopStack(stack);
    }
    if (!latency) return { firstSecondsKiB };
    stack = await startBenchStack(
      [...devnetArgs, '--chain-port', String(BEHIND_PROXY_CHAIN_PORT)],
      {
        build: false,
      },
    );
    const proxy = await startLatencyProxy({
      listenPort: CHAIN_PORT,
      targetPort: BEHIND_PROXY_CHAIN_PORT,
      delayMs: ADDED_LATENCY_MS,
    });
    try {
      const label = ` (+${ADDED_LATENCY_MS} ms per message each way)`;
      compare(await coldAndWarm(browser, contenders, label, loads), label);
    } finally {
      await proxy.close();
      await stopStack(stack);
    }
    return { firstSecondsKiB };
  } finally {
    await floorPage?.close();
    await browser.close();
  }
}

/**
 * The options of `node scripts/bench-price.mjs` (and `npm run bench --`).
 * @param {string[]} argv
 */
export function benchPriceOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      'no-latency': { type: 'boolean' },
      'no-floor': { type: 'boolean' },
      against: { type: 'string', multiple: true },
      'against-text': { type: 'string', multiple: true },
      loads: { type: 'string' },
      traces: { type: 'string' },
    },
    strict: true,
  });
  const urls = values.against ?? [];
  const texts = values['against-text'] ?? [];
  if (urls.length !== texts.length) {
    throw new Error('Give each --against <url> its --against-text <text shown with the price>.');
  }
  const count = (/** @type {string | undefined} */ value, /** @type {number} */ fallback) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`Not a count: ${value}`);
    return n;
  };
  return {
    latency: !values['no-latency'],
    floor: !values['no-floor'],
    against: urls.map((url, i) => ({ name: url, url, text: /** @type {string} */ (texts[i]) })),
    loads: count(values.loads, LOADS),
    traces: count(values.traces, TRACES),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchPrice(benchPriceOptions(process.argv.slice(2)));
}
