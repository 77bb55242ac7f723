// `npm test`: typecheck, lint, unit and integration tests, then the browser suite.
//
// TEST_ALSO_ON_NODE=<directory holding another Node's `node` binary> runs the unit and integration
// tests once more on that Node, beside the browser phases (CI gives it the current LTS): the browser
// lanes spend much of their time waiting on blocks and the home, which that run fills, at a lower
// CPU priority so the browser tests keep theirs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const otherNode = process.env.TEST_ALSO_ON_NODE || null;

/** @type {[string, string[]][]} */
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration tests', ['run', 'test:unit']],
  ['browser tests', ['run', 'test:e2e']],
  // The chain flows again, against the production runtime (--engine runtime).
  ['browser tests on the real runtime', ['run', 'test:e2e:runtime']],
];

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

/** The unit and integration tests on the other Node, reniced below the browser tests. */
function startOtherNodeRun() {
  if (!otherNode) return null;
  const node = join(otherNode, 'node');
  if (!existsSync(node)) {
    console.error(`TEST_ALSO_ON_NODE: ${node} is missing.`);
    process.exit(1);
  }
  // Its output is kept apart and printed once it ends (in full when it failed).
  const log = join(mkdtempSync(join(tmpdir(), 'test-other-node-')), 'vitest.log');
  console.log(
    `\n=== unit and integration tests on another Node (${otherNode}), beside: ${log} ===`,
  );
  const done = run('nice', ['-n', '10', node, 'node_modules/vitest/vitest.mjs', 'run'], {
    env: { PATH: `${otherNode}${delimiter}${process.env.PATH}` },
    output: openSync(log, 'w'),
  });
  return done.then((result) => {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    console.log(
      `\n=== unit and integration tests on another Node: ${result.code ? 'failed' : 'passed'} ===`,
    );
    console.log((result.code ? lines : lines.slice(-6)).join('\n'));
    return result;
  });
}

/** @type {string[]} */
const timings = [];
/** @type {Promise<{ code: number, seconds: number }> | null} */
let beside = null;
for (const [name, args] of steps) {
  if (name.startsWith('browser tests') && !existsSync(CHROMIUM)) {
    if (process.env.CI) {
      console.error(`${CHROMIUM} is missing: CI needs Debian's chromium package.`);
      process.exit(1);
    }
    console.warn(
      `\nSkipping the browser tests: ${CHROMIUM} is missing (apt-get install chromium).`,
    );
    continue;
  }
  if (name === 'browser tests') beside = startOtherNodeRun();
  console.log(`\n=== ${name} ===`);
  // The second browser run reuses the app the first one built.
  const env = name === 'browser tests on the real runtime' ? { E2E_SKIP_BUILD: '1' } : {};
  const result = await run('npm', args, { env });
  timings.push(`${name}: ${result.seconds.toFixed(1)} s`);
  if (result.code !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.code);
  }
}
// Without the browser phases (no Chromium here), the other Node's run goes last.
beside ??= startOtherNodeRun();
if (beside) {
  const result = await beside;
  timings.push(`unit and integration tests on the other Node: ${result.seconds.toFixed(1)} s`);
  if (result.code !== 0) {
    console.error('\nThe unit and integration tests on the other Node failed.');
    process.exit(result.code);
  }
}
console.log(`\nAll checks passed (${timings.join(', ')}).`);
