// Time from "Sign in" on "Devices & Control" to the "Config loaded" toast, against the devnet
// stack with its slow (8081, +800 ms) and failing (8082, HTTP 502) gateways (docs/ipfs-gateways.md):
// with no gateway picked yet (the fastest is found and used), with the failing one picked (the
// read fails and the fastest that answers replaces it), with a user gateway that never answers
// picked (given up after the 10 s timeout), and with the slow one picked (the user's choice is
// kept). Median of five loads each, a new browser profile per load.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { keepOnEveryLoad } from '../e2e/fixtures/app-storage.ts';
import { BOB_ED25519, DEV_PHRASE, SEEDED_SETUP } from '../e2e/fixtures/seeded-home.ts';
import { startBenchStack } from './bench-price.mjs';
import { DEVNET_GATEWAYS } from './stack.mjs';

const CHROMIUM = '/usr/bin/chromium';
const APP = 'http://127.0.0.1:5173/#/telemetry';
const LOADS = 5;
const BOB = BOB_ED25519;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One load in a new profile: the seeded setup saved, `picked` as the picked gateway (or none).
 * Resolves with the time from the Sign in click to "Config loaded", or null when the home
 * could not be read (the controller has not published for Bob yet).
 * @param {import('@playwright/test').Browser} browser
 * @param {string | null} picked
 */
async function timeToConfig(browser, picked) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await keepOnEveryLoad(page, SEEDED_SETUP);
    await page.addInitScript((gateway) => {
      // In the page: DOM globals, reached through globalThis for the Node type check.
      const { localStorage } = /** @type {any} */ (globalThis);
      if (gateway) localStorage.setItem('ipfs-smart-gateway:picked', gateway);
      // A user gateway of this device that never answers (the bench starts it on 8084).
      if (gateway === 'http://127.0.0.1:8084') {
        localStorage.setItem('ipfs-smart-gateway:user-gateways', JSON.stringify([gateway]));
      }
    }, picked);
    await page.goto(APP);
    const form = page.getByRole('form', { name: 'Sign in as a user' });
    await form
      .getByLabel('Select a user')
      .selectOption({ label: `${BOB.slice(0, 6)}…${BOB.slice(-6)}` });
    await form.getByLabel('Pass phrase').fill(`${DEV_PHRASE}//Bob`);
    const started = await page.evaluate(() => performance.now());
    const loaded = page
      .waitForFunction(
        () =>
          /** @type {any} */ (globalThis).document.body.innerText.includes('Config loaded') &&
          performance.now(),
        undefined,
        {
          polling: 'raf',
          timeout: 60_000,
        },
      )
      .then((handle) => /** @type {Promise<number>} */ (handle.jsonValue()));
    // The page waits for a record Bob can read (or the first one): not this load's to time. Other
    // alerts (a gateway chip that is unhealthy, as some of the bench's gateways are) do not end it.
    const failed = page
      .getByText(/not readable for this user yet|has not published any telemetry yet/)
      .first()
      .waitFor({ timeout: 60_000 })
      .then(() => null);
    await form.getByRole('button', { name: 'Sign in' }).click();
    const ended = await Promise.race([loaded, failed]);
    // The one that lost ends with the page.
    loaded.catch(() => {});
    failed.catch(() => {});
    return ended === null ? null : ended - started;
  } finally {
    await context.close();
  }
}

export async function benchGateways() {
  if (!existsSync(CHROMIUM)) {
    console.log(`time to "Config loaded": skipped (${CHROMIUM} is missing)`);
    return;
  }
  const stack = await startBenchStack(['--seed', '--gateways', `${DEVNET_GATEWAYS},8084:hang`]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    // Until the controller's first records are there and readable.
    for (let i = 0; (await timeToConfig(browser, null)) === null; i++) {
      if (i === 20) throw new Error('the seeded home never became readable');
      await new Promise((r) => setTimeout(r, 3_000));
    }
    for (const [label, picked] of [
      ['no gateway picked yet (the fastest is found)', null],
      ['the failing gateway picked (replaced by the fastest)', 'http://127.0.0.1:8082'],
      ['a user gateway that never answers picked (replaced after 10 s)', 'http://127.0.0.1:8084'],
      ['the slow gateway picked (kept: the user chose it)', 'http://127.0.0.1:8081'],
    ]) {
      /** @type {number[]} */
      const times = [];
      for (let i = 0; i < LOADS; i++) {
        const ms = await timeToConfig(browser, picked);
        if (ms !== null) times.push(ms);
      }
      const list = times.map((t) => t.toFixed(0)).join(', ');
      console.log(
        `time to "Config loaded", ${label}: median ${median(times)?.toFixed(0) ?? '–'} ms (${list})`,
      );
    }
  } finally {
    await browser.close();
    stack.kill('SIGTERM');
    await new Promise((r) => stack.once('exit', r));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchGateways();
