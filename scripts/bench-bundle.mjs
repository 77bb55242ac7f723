// Bundle budget (docs/architecture.md, Budgets): the JS the dashboard runs before its first paint
// (the entry, its static imports and the page's inline script) must stay at most 150 KiB gzip.
// Builds the production app and reads Vite's manifest to follow the static imports.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps', 'web', 'dist');
export const DASHBOARD_BUDGET_KIB = 150;
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
  // The page's inline script (the early first reads) is part of what the route runs.
  const inline = [
    ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1] ?? '')
    .join('');
  const inlineKiB = gzipSync(inline, { level: 9 }).length / 1024;
  const dashboard = dashboardFiles.reduce((sum, f) => sum + gzipKiB(f), 0) + inlineKiB;
  const css = (manifest[entryKey].css ?? []).reduce(
    (/** @type {number} */ s, /** @type {string} */ f) => s + gzipKiB(f),
    0,
  );
  const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const total = allJs.reduce((sum, f) => sum + gzipKiB(join('assets', f)), 0);
  const lazy = Object.values(manifest)
    .filter((c) => c.isDynamicEntry)
    .map((c) => `${c.name ?? c.file} ${gzipKiB(c.file).toFixed(1)} KiB`);

  /** The files of `keys` and their static imports, with the dashboard's, and their weight. */
  const routeWeight = (/** @type {string[]} */ keys) => {
    const files = new Set(dashboardFiles);
    for (const key of keys)
      for (const k of staticClosure(manifest, key)) files.add(manifest[k].file);
    return { files, kib: [...files].reduce((sum, f) => sum + gzipKiB(f), 0) };
  };

  // /save-setup: the dashboard's files plus its page chunk (when it loads on demand) and the
  // workshop chunk the page loads at once, with their static imports.
  const saveSetupKeys = Object.keys(manifest).filter(
    (k) =>
      manifest[k].isDynamicEntry &&
      (k.endsWith('SaveSetupWorkshop.tsx') || k.endsWith('SaveSetupPage.tsx')),
  );
  if (!saveSetupKeys.some((k) => k.endsWith('SaveSetupWorkshop.tsx')))
    throw new Error('no SaveSetupWorkshop chunk in the Vite manifest');
  const { files: saveSetupFiles, kib: saveSetup } = routeWeight(saveSetupKeys);
  const saveSetupExtra = saveSetup - dashboard;

  // Every page that loads on demand: what its route loads in all (the shell's files included).
  const pages = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && /\/[A-Z]\w*Page\.tsx$/.test(k))
    .map((k) => {
      const { files, kib } = routeWeight([k]);
      return `${k.replace(/^.*\//, '').replace('.tsx', '')} ${kib.toFixed(1)} KiB (+${(kib - dashboard).toFixed(1)}, ${files.size} files)`;
    })
    .sort();

  console.log('\nBundle (production build, gzip -9)');
  console.log(
    `  dashboard JS before its first paint: ${dashboard.toFixed(1)} KiB in ${dashboardFiles.length} file(s) and the page's inline script (${inlineKiB.toFixed(1)} KiB) (budget ${DASHBOARD_BUDGET_KIB} KiB; airalab/robonomics.app loads 1,271 KiB)`,
  );
  console.log(`  dashboard route CSS: ${css.toFixed(1)} KiB`);
  console.log(
    `  /save-setup route JS: ${saveSetup.toFixed(1)} KiB in ${saveSetupFiles.size} file(s), ${saveSetupExtra.toFixed(1)} KiB over the dashboard (budget ${SAVE_SETUP_EXTRA_BUDGET_KIB} KiB)`,
  );
  console.log(`  all JS of the build: ${total.toFixed(1)} KiB in ${allJs.length} file(s)`);
  console.log(`  lazy chunks: ${lazy.join(', ')}`);
  console.log('  routes loading on demand (JS in all, over the dashboard):');
  for (const page of pages) console.log(`    ${page}`);
  return {
    dashboardKiB: dashboard,
    saveSetupKiB: saveSetup,
    saveSetupExtraKiB: saveSetupExtra,
    totalKiB: total,
    ok: dashboard <= DASHBOARD_BUDGET_KIB && saveSetupExtra <= SAVE_SETUP_EXTRA_BUDGET_KIB,
  };
}
