// `npm test`: typecheck, lint, unit and integration tests, then the browser suite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
/** @type {[string, string[]][]} */
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration tests', ['run', 'test:unit']],
  ['browser tests', ['run', 'test:e2e']],
  // The chain flows again, against the production runtime (--engine runtime).
  ['browser tests on the real runtime', ['run', 'test:e2e:runtime']],
];

/** @type {string[]} */
const timings = [];
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
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // The second browser run reuses the app the first one built.
  const env = name === 'browser tests on the real runtime' ? { E2E_SKIP_BUILD: '1' } : {};
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nAll checks passed (${timings.join(', ')}).`);
