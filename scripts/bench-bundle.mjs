// Bundle budget (docs/architecture.md, Budgets): the JS the dashboard route loads must stay at most 200 KiB
// gzip. Builds the production app and reads Vite's manifest to follow the static imports.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps', 'web', 'dist');
export const DASHBOARD_BUDGET_KIB = 200;
/** What /save-setup (its workshop with IPFS, crypto and the Crust client) may add to it. */
export const SAVE_SETUP_EXTRA_BUDGET_KIB = 150;

/** @param {string} file */
const gzipKiB = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/**
 * Files an entry loads before it runs: itself and its static imports, transitively.
 * @param {Record<string, {file: string, imports?: string[], css?: string[]}>} manifest
 * @param {string} key
 * @param {Set<string>} [seen]
 */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function benchBundle() {
  const build = spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_PROFILE: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const dashboardFiles = [...staticClosure(manifest, entryKey)].map((k) => manifest[k].file);
  const dashboard = dashboardFiles.reduce((sum, f) => sum + gzipKiB(f), 0);
  const css = (manifest[entryKey].css ?? []).reduce(
    (/** @type {number} */ s, /** @type {string} */ f) => s + gzipKiB(f),
    0,
  );
  const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const total = allJs.reduce((sum, f) => sum + gzipKiB(join('assets', f)), 0);
  const lazy = Object.values(manifest)
    .filter((c) => c.isDynamicEntry)
    .map((c) => `${c.name ?? c.file} ${gzipKiB(c.file).toFixed(1)} KiB`);

  // /save-setup: the dashboard's files plus the workshop chunk and its static imports.
  const workshopKey = Object.keys(manifest).find((k) => k.endsWith('SaveSetupWorkshop.tsx'));
  if (!workshopKey) throw new Error('no SaveSetupWorkshop chunk in the Vite manifest');
  const saveSetupFiles = new Set([
    ...dashboardFiles,
    ...[...staticClosure(manifest, workshopKey)].map((k) => manifest[k].file),
  ]);
  const saveSetup = [...saveSetupFiles].reduce((sum, f) => sum + gzipKiB(f), 0);
  const saveSetupExtra = saveSetup - dashboard;

  console.log('\nBundle (production build, gzip -9)');
  console.log(
    `  dashboard route JS: ${dashboard.toFixed(1)} KiB in ${dashboardFiles.length} file(s) (budget ${DASHBOARD_BUDGET_KIB} KiB; the original app loads 1,271 KiB)`,
  );
  console.log(`  dashboard route CSS: ${css.toFixed(1)} KiB`);
  console.log(
    `  /save-setup route JS: ${saveSetup.toFixed(1)} KiB in ${saveSetupFiles.size} file(s), ${saveSetupExtra.toFixed(1)} KiB over the dashboard (budget ${SAVE_SETUP_EXTRA_BUDGET_KIB} KiB)`,
  );
  console.log(`  all JS of the build: ${total.toFixed(1)} KiB in ${allJs.length} file(s)`);
  console.log(`  lazy chunks: ${lazy.join(', ')}`);
  return {
    dashboardKiB: dashboard,
    saveSetupKiB: saveSetup,
    saveSetupExtraKiB: saveSetupExtra,
    totalKiB: total,
    ok: dashboard <= DASHBOARD_BUDGET_KIB && saveSetupExtra <= SAVE_SETUP_EXTRA_BUDGET_KIB,
  };
}
