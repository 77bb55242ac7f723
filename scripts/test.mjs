// `npm test`: typecheck, lint, unit and integration tests, then the browser suite.
//
// Where Chromium is there, the unit and integration tests run beside the browser phases, at a
// lower CPU priority: the browser lanes spend much of their time waiting on blocks and the home,
// which that run fills (README, "CI and its time"). Their output is kept apart and printed once
// they end, in full when they failed. TEST_ALSO_ON_NODE=<directory holding another Node's `node`>
// runs them once more on that Node after the first run (CI gives it the current LTS).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const otherNode = process.env.TEST_ALSO_ON_NODE || null;
const VITEST = join('node_modules', 'vitest', 'vitest.mjs');

/** Children still running, stopped when this script ends early. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Runs a command; resolves with its exit code and its time in seconds.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, output?: number }} options output: a file descriptor
 * @returns {Promise<{ code: number, seconds: number }>}
 */
function run(command, args, { env = {}, output } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: output === undefined ? 'inherit' : ['ignore', output, output],
      env: { ...process.env, ...env },
    });
    running.add(child);
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** @typedef {{ name: string, node: string, env: Record<string, string> }} UnitRun */

/** The unit and integration runs: on this Node, then on the other one when asked. */
function unitRuns() {
  /** @type {UnitRun[]} */
  const runs = [{ name: 'unit and integration tests', node: process.execPath, env: {} }];
  if (otherNode) {
    const node = join(otherNode, 'node');
    if (!existsSync(node)) {
      console.error(`TEST_ALSO_ON_NODE: ${node} is missing.`);
      process.exit(1);
    }
    runs.push({
      name: `unit and integration tests on ${otherNode}`,
      node,
      env: { PATH: `${otherNode}${delimiter}${process.env.PATH}` },
    });
  }
  return runs;
}

/**
 * Runs the unit runs one after the other beside what else runs, reniced, each one's output in a
 * file printed when it ends. Resolves with each run's name, code and time.
 * @param {UnitRun[]} runs
 */
async function unitRunsBeside(runs) {
  const results = [];
  for (const { name, node, env } of runs) {
    const log = join(mkdtempSync(join(tmpdir(), 'unit-tests-')), 'vitest.log');
    console.log(`\n=== ${name}: beside the browser tests, output in ${log} ===`);
    const result = await run('nice', ['-n', '10', node, VITEST, 'run'], {
      env,
      output: openSync(log, 'w'),
    });
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    console.log(`\n=== ${name}: ${result.code ? 'failed' : 'passed'} ===`);
    console.log((result.code ? lines : lines.slice(-6)).join('\n'));
    results.push({ name, ...result });
    if (result.code !== 0) break;
  }
  return results;
}

/** @type {string[]} */
const timings = [];
/** @param {string} name @param {{ code: number, seconds: number }} result */
function settle(name, result) {
  timings.push(`${name}: ${result.seconds.toFixed(1)} s`);
  if (result.code !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.code);
  }
}

const started = Date.now();
for (const name of ['typecheck', 'lint']) {
  console.log(`\n=== ${name} ===`);
  settle(name, await run('npm', ['run', name]));
}

const browser = existsSync(CHROMIUM);
if (!browser && process.env.CI) {
  console.error(`${CHROMIUM} is missing: CI needs Debian's chromium package.`);
  process.exit(1);
}
if (browser) {
  const beside = unitRunsBeside(unitRuns());
  console.log('\n=== browser tests ===');
  settle('browser tests', await run('npm', ['run', 'test:e2e']));
  // The chain flows again, against the production runtime (--engine runtime); the app the first
  // browser run built is reused.
  console.log('\n=== browser tests on the real runtime ===');
  settle(
    'browser tests on the real runtime',
    await run('npm', ['run', 'test:e2e:runtime'], { env: { E2E_SKIP_BUILD: '1' } }),
  );
  for (const result of await beside) settle(result.name, result);
} else {
  console.warn(`\nSkipping the browser tests: ${CHROMIUM} is missing (apt-get install chromium).`);
  for (const { name, node, env } of unitRuns()) {
    console.log(`\n=== ${name} ===`);
    settle(name, await run(node, [VITEST, 'run'], { env }));
  }
}
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nAll checks passed in ${total} s (${timings.join(', ')}).`);
