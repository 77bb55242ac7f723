// `npm run bench:first-hour`: the first hour walked in real time on a fresh stack (see
// e2e/bench/first-hour.bench.ts), then what it measured added to docs/bench/first-hour.md.
// Takes 15 to 25 minutes by design; not part of CI nor of `npm run bench`. The stack uses the
// devnet's fixed ports: nothing else may run on them meanwhile.
// BENCH_LABEL names the code walked in the report ("after issue 52", a commit).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'e2e', 'artifacts', 'bench', 'first-hour.json');
const report = join(root, 'docs', 'bench', 'first-hour.md');

const run = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.bench.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CI: '1', BENCH_OUT: out },
});
if (run.status !== 0) {
  console.error('bench:first-hour: the walk failed; nothing was written to docs/bench.');
  process.exit(run.status ?? 1);
}

const r = JSON.parse(readFileSync(out, 'utf8'));
const min = (/** @type {number} */ m) => `${m.toFixed(1)} min`;
const sec = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(0)} s`;
const errors = /** @type {number[]} */ (r.estimate.errors);
const worst = errors.length ? Math.max(...errors.map(Math.abs)) : null;
const range = errors.length
  ? `${sec(Math.min(...errors))} to ${sec(Math.max(...errors))} (shown minus actual) over ${errors.length} readings, every 15 s from the import on`
  : 'none shown';
const lines = [
  `## ${r.finished.slice(0, 16).replace('T', ' ')} UTC: ${r.code}`,
  '',
  `- Actions: ${r.actions} (${r.actionList.map((/** @type {{what: string}} */ a) => a.what).join('; ')}).`,
  `- Minutes: ${min(r.totalMinutes)} from the empty browser to the toggle; ${min(r.handsOnMinutes)} with the user acting, ${min(r.waitingMinutes)} waiting for the chain or the home.`,
  `- Home Assistant answered the file in ${sec(r.importMs)}: "${r.importAnswer.trim().slice(0, 80)}".`,
  `- The controller's twin: ${r.twin ?? 'not made by the app'}; the home published on twin ${r.published?.twinId ?? '?'}.`,
  `- The first record came ${r.firstRecordWaitMinutes === null ? '?' : min(r.firstRecordWaitMinutes)} after Home Assistant took the file.`,
  `- The page's estimate against it: ${range}; worst ${worst === null ? '?' : sec(worst)}. It moved later by ${sec(r.estimate.movedLater)} at most between two readings.`,
  '',
  '| step | minutes | of which waiting |',
  '|---|---|---|',
  ...r.steps.map(
    (/** @type {{step: string, ms: number, waitingMs: number}} */ s) =>
      `| ${s.step} | ${(s.ms / 60_000).toFixed(2)} | ${(s.waitingMs / 60_000).toFixed(2)} |`,
  ),
  '',
];
if (!existsSync(report)) {
  writeFileSync(
    report,
    '# The first hour in real time\n\nWalks of `npm run bench:first-hour` (e2e/bench/first-hour.bench.ts): a fresh browser on a fresh stack as `npm start` runs it, following only what the pages say. Newest last.\n\n',
  );
}
appendFileSync(report, `${lines.join('\n')}\n`);
console.log(`bench:first-hour: written to ${report}`);
