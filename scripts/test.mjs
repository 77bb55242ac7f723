// `npm test`: typecheck and lint side by side, then the unit and integration tests, then the
// browser suite, one phase after the other (README, "CI and its time", says why the tests do not
// run side by side). TEST_ALSO_ON_NODE=<directory holding another Node's `node`> runs the unit and
// integration tests once more on that Node at the end (CI gives it the current LTS). Prints each
// phase's time and the total.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const otherNode = process.env.TEST_ALSO_ON_NODE || null;
const VITEST = join('node_modules', 'vitest', 'vitest.mjs');

/**
 * Runs a command with this terminal; resolves with its exit code and its time in seconds.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @returns {Promise<{ code: number, seconds: number }>}
 */
function run(command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/** @type {string[]} */
const timings = [];
/**
 * Runs one phase; stops everything when it fails.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
async function phase(name, command, args, env) {
  console.log(`\n=== ${name} ===`);
  const result = await run(command, args, env);
  timings.push(`${name}: ${result.seconds.toFixed(1)} s`);
  if (result.code !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.code);
  }
}

/**
 * Runs a command with its output kept, to be printed whole once it ends (for commands run side
 * by side); resolves with its exit code, time in seconds and output.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<{ code: number, seconds: number, output: string }>}
 */
function runQuietly(command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        output,
      }),
    );
  });
}

const started = Date.now();
// Typecheck and lint side by side: tsc checks two projects at a time on one core each, lint is
// mostly single-threaded scripts, and neither waits on the other (measured: 53 s instead of 59 s
// one after the other).
const checks = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
];
console.log(`\n=== ${checks.map((c) => c.name).join(' and ')} ===`);
const checked = await Promise.all(checks.map(({ args }) => runQuietly('npm', args)));
for (const [n, { name }] of checks.entries()) {
  const result = checked[n];
  console.log(`\n--- ${name} ---\n${result.output.trimEnd()}`);
  timings.push(`${name}: ${result.seconds.toFixed(1)} s`);
}
const failedCheck = checks.find((_, n) => checked[n].code !== 0);
if (failedCheck) {
  console.error(`\n${failedCheck.name} failed.`);
  process.exit(checked[checks.indexOf(failedCheck)].code);
}
await phase('unit and integration tests', process.execPath, [VITEST, 'run']);
if (existsSync(CHROMIUM)) {
  await phase('browser tests', 'npm', ['run', 'test:e2e']);
  // The chain flows again, against the production runtime (--engine runtime); the app the first
  // browser run built is reused.
  await phase('browser tests on the real runtime', 'npm', ['run', 'test:e2e:runtime'], {
    E2E_SKIP_BUILD: '1',
  });
} else if (process.env.CI) {
  console.error(`${CHROMIUM} is missing: CI needs Debian's chromium package.`);
  process.exit(1);
} else {
  console.warn(`\nSkipping the browser tests: ${CHROMIUM} is missing (apt-get install chromium).`);
}
if (otherNode) {
  const node = join(otherNode, 'node');
  if (!existsSync(node)) {
    console.error(`TEST_ALSO_ON_NODE: ${node} is missing.`);
    process.exit(1);
  }
  await phase(`unit and integration tests on ${otherNode}`, node, [VITEST, 'run'], {
    PATH: `${otherNode}${delimiter}${process.env.PATH}`,
  });
}
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nAll checks passed in ${total} s (${timings.join(', ')}).`);
