// The devices page following the home's config (docs/devices-page.md, "Following the config"):
// the time from the devnet's Home Assistant publishing a config that names its proxy's peer
// (after a start without it, as when Home Assistant starts before its proxy add-on) to the page
// showing "Libp2p (via relay) ✓", with no Reconnect and no reload. Ten rounds against
// `npm start`'s seeded home, the home's own port out of the browser's reach (a home behind NAT);
// the median and the range are reported. Each round: hold the proxy's hello, restart Home
// Assistant (it publishes a config without a peer), open the page signed in as Bob, let the
// hello through and time from the new config's CID on the devnet's levers to the "✓" on screen.
// `BENCH_REUSE_STACK=1` measures against a stack that already runs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { keepOnEveryLoad } from '../e2e/fixtures/app-storage.ts';
import { BOB_ED25519, DEV_PHRASE, SEEDED_SETUP } from '../e2e/fixtures/seeded-home.ts';
import { startBenchStack } from './bench-price.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ORIGIN = 'http://127.0.0.1:5173';
const LEVERS = 'http://127.0.0.1:8899';
const ROUNDS = 10;
const BOB = BOB_ED25519;
const BOB_PHRASE = `${DEV_PHRASE}//Bob`;

/** @param {string} path @param {unknown} [body] */
async function lever(path, body) {
  const response = await fetch(`${LEVERS}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`lever ${path}: HTTP ${response.status}`);
  return response.json();
}

async function seededConfig() {
  const { homes } = await lever('/homes');
  return homes.find((/** @type {{ seeded: boolean }} */ h) => h.seeded)?.published?.configCid;
}

/** @param {() => Promise<boolean>} check @param {number} timeoutMs @param {number} everyMs */
async function until(check, timeoutMs, everyMs = 100) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error('timed out');
}

/** @param {import('@playwright/test').Browser} browser */
async function round(browser) {
  const context = await browser.newContext();
  await context.routeWebSocket(/127\.0\.0\.1:9999/, (ws) => ws.close({ code: 1011 }));
  await keepOnEveryLoad(context, SEEDED_SETUP);
  const page = await context.newPage();
  try {
    const before = await seededConfig();
    await lever('/proxy/hold-hello', { held: true });
    await lever('/controller', { running: false });
    await lever('/controller', { running: true });
    await until(async () => (await seededConfig()) !== before, 60_000);
    const withoutPeer = await seededConfig();
    await page.goto(`${ORIGIN}/#/telemetry`);
    const form = page.getByRole('form', { name: 'Sign in as a user' });
    await form
      .getByLabel('Select a user')
      .selectOption({ label: `${BOB.slice(0, 6)}…${BOB.slice(-6)}` });
    await form.getByLabel('Pass phrase').fill(BOB_PHRASE);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('connection-note').waitFor({ timeout: 120_000 });
    await lever('/proxy/hold-hello', { held: false });
    // The config naming the peer is out (its CID on the levers), then the page connects.
    await until(async () => (await seededConfig()) !== withoutPeer, 60_000, 20);
    const published = Date.now();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="connection-type"]')?.textContent ===
        'Libp2p (via relay) ✓',
      undefined,
      { timeout: 60_000, polling: 10 },
    );
    return Date.now() - published;
  } finally {
    await context.close();
  }
}

export async function benchConfigFollow() {
  if (!existsSync(CHROMIUM)) {
    console.log(`config following: skipped (${CHROMIUM} is missing)`);
    return;
  }
  const stack = process.env.BENCH_REUSE_STACK ? null : await startBenchStack(['--seed']);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    await until(async () => (await seededConfig()) !== undefined, 120_000, 500);
    const times = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await round(browser));
    times.sort((a, b) => a - b);
    const median = (times[4] + times[5]) / 2;
    console.log(
      `config naming the peer → "Libp2p (via relay) ✓": median ${median} ms over ${ROUNDS} rounds (${times[0]}–${times[ROUNDS - 1]} ms)`,
    );
  } finally {
    await lever('/proxy/hold-hello', { held: false }).catch(() => {});
    await browser.close();
    stack?.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchConfigFollow();
