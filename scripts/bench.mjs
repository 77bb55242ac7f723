// `npm run bench`: measurements that are reported, not asserted in timed tests.
// Fails only when a budget of docs/architecture.md is exceeded.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchBundle, DASHBOARD_BUDGET_KIB, SAVE_SETUP_EXTRA_BUDGET_KIB } from './bench-bundle.mjs';
import { benchChart } from './bench-chart.mjs';
import { benchConfigFollow } from './bench-config-follow.mjs';
import { benchGateways } from './bench-gateways.mjs';
import { benchHome } from './bench-home.mjs';
import { benchPrice, benchPriceOptions, FIRST_SECONDS_BUDGET_KIB } from './bench-price.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
let failed = false;

const bundle = benchBundle();
if (!bundle.ok) {
  console.error(
    `\nFAIL: the dashboard runs ${bundle.dashboardKiB.toFixed(1)} KiB of JS before its first paint (budget ${DASHBOARD_BUDGET_KIB} KiB) and /save-setup adds ${bundle.saveSetupExtraKiB.toFixed(1)} KiB (budget ${SAVE_SETUP_EXTRA_BUDGET_KIB} KiB).`,
  );
  failed = true;
}

console.log('\nTime to the price on the dashboard (devnet stack, Chromium)');
// `npm run bench -- --against <url> --against-text <text>`: see scripts/bench-price.mjs.
const price = await benchPrice(benchPriceOptions(process.argv.slice(2)));
const firstSeconds = price?.firstSecondsKiB;
if (firstSeconds !== undefined && firstSeconds > FIRST_SECONDS_BUDGET_KIB) {
  console.error(
    `\nFAIL: a cold load of the dashboard fetches ${firstSeconds.toFixed(1)} KiB in its first seconds (budget ${FIRST_SECONDS_BUDGET_KIB} KiB).`,
  );
  failed = true;
}

console.log('\nTime to "Config loaded" through the ranked IPFS gateways (devnet stack, Chromium)');
await benchGateways();

console.log(
  '\nThe devices page of a returning user: first card, cold and warm; tap → new state (devnet stack, Chromium)',
);
await benchHome();

console.log(
  "\nThe devices page following the home's config: a config naming the peer → peer-to-peer (devnet stack, Chromium)",
);
await benchConfigFollow();

// Benchmarks of the workspaces, each a script run with tsx.
for (const script of [
  'packages/devnet/scripts/bench-chain.ts',
  'packages/devnet/scripts/bench-engines.ts',
  'packages/devnet/scripts/bench-chain-store.ts',
  'packages/devnet/scripts/bench-abuse.ts',
  'packages/devnet/scripts/bench-crash.ts',
  'packages/devnet/scripts/bench-controller.ts',
  'packages/devnet/scripts/bench-second-opinion.ts',
]) {
  if (!existsSync(`${root}/${script}`)) continue;
  console.log(`\n${script}`);
  const result = spawnSync('npx', ['tsx', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}

console.log('\nChart render (Chromium)');
if (!(await benchChart()).ok) failed = true;

// Render benchmarks of the app (Vitest bench, jsdom: slower than a browser, an upper bound).
console.log('\napps/web render benchmarks');
const renders = spawnSync('npx', ['vitest', 'bench', '--run'], {
  cwd: `${root}/apps/web`,
  stdio: 'inherit',
});
if (renders.status !== 0) failed = true;

process.exit(failed ? 1 : 0);
