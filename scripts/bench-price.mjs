// Time from navigation to the subscription price on screen, against the devnet: median of five
// cold loads (a new browser profile each: no cached metadata) and of five warm loads (same
// profile: the metadata cache keyed by genesis hash and spec version is used).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const URL_DASHBOARD = 'http://127.0.0.1:5173/#/';
const LOADS = 5;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Starts the stack (from genesis, with `devnetArgs`) and resolves once the app is served.
 * @param {string[]} [devnetArgs]
 */
export function startBenchStack(devnetArgs = []) {
  const child = spawn(process.execPath, ['scripts/stack.mjs', '--fresh', '--', ...devnetArgs], {
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

/** @param {import('@playwright/test').Page} page */
async function timeToPrice(page) {
  const started = performance.now();
  await page.goto(URL_DASHBOARD);
  await page.getByTestId('subscription-price').filter({ hasText: 'XRT' }).waitFor();
  return performance.now() - started;
}

export async function benchPrice() {
  if (!existsSync(CHROMIUM)) {
    console.log(`time to price: skipped (${CHROMIUM} is missing)`);
    return;
  }
  const stack = await startBenchStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const cold = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      cold.push(await timeToPrice(await context.newPage()));
      await context.close();
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    await timeToPrice(page);
    const warm = [];
    for (let i = 0; i < LOADS; i++) warm.push(await timeToPrice(await context.newPage()));
    await context.close();
    const fmt = (/** @type {number[]} */ v) =>
      `median ${median(v).toFixed(0)} ms (${v.map((x) => x.toFixed(0)).join(', ')})`;
    console.log(`time to price, cold: ${fmt(cold)}`);
    console.log(`time to price, warm: ${fmt(warm)}`);
  } finally {
    await browser.close();
    stack.kill('SIGTERM');
    await new Promise((r) => stack.once('exit', r));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchPrice();
