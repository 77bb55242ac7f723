// Starts the whole local stack: the devnet services, then the web app built for the devnet and
// served on http://127.0.0.1:5173. Used by `npm start` and by the e2e suite.
// Usage: node scripts/stack.mjs [--fresh] [--skip-build] [-- <devnet options>]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
export const APP_URL = 'http://127.0.0.1:5173/';
/**
 * The extra IPFS gateways of the local stack, as the app's devnet profile lists them: one slow
 * (800 ms) and one failing (HTTP 502) beside the fast ones, so the app ranks them for real.
 */
export const DEVNET_GATEWAYS = '8081:delay=800,8082:status=502';
const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  // Give the devnet a moment to flush its data, then leave.
  setTimeout(() => process.exit(code), 1500).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}

/**
 * Runs a command to completion.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Starts a long-running process and resolves once `ready` returns true for a line of its output.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {(line: string) => boolean} ready
 */
function startService(name, command, args, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let isReady = false;
    const onLine = (/** @type {string} */ line) => {
      console.log(`[${name}] ${line}`);
      if (!isReady && ready(line)) {
        isReady = true;
        resolve(child);
      }
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.on('exit', (code) => {
      if (!isReady) reject(new Error(`${name} exited with ${code} before it was ready`));
      else if (!stopping) {
        console.error(`[${name}] stopped unexpectedly (exit ${code}); stopping the stack.`);
        stopAll(1);
      }
    });
  });
}

export async function startStack(argv = process.argv.slice(2)) {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const devnetArgs = separator === -1 ? [] : argv.slice(separator + 1);
  const fresh = own.includes('--fresh');
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  // --fresh (the e2e suite) starts from genesis in a throw-away folder.
  const dataDir = fresh ? join(root, 'e2e', 'artifacts', 'devnet') : join(root, '.devnet');
  if (fresh) rmSync(dataDir, { recursive: true, force: true });

  if (!own.includes('--skip-build')) {
    console.log('Building the app for the local devnet…');
    await run('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
      VITE_PROFILE: 'devnet',
    });
  }

  const started = Date.now();
  await startService(
    'devnet',
    process.execPath,
    [
      'packages/devnet/bin/devnet.mjs',
      '--data-dir',
      dataDir,
      ...(fresh ? [] : ['--seed']),
      ...(devnetArgs.includes('--gateways') ? [] : ['--gateways', DEVNET_GATEWAYS]),
      ...devnetArgs,
    ],
    (line) => line.startsWith('devnet ready'),
  );
  // Vite's own entry under node (not npx), so stopping the stack stops the server too.
  await startService(
    'web',
    process.execPath,
    [viteBin, 'preview', 'apps/web', '--host', '127.0.0.1', '--port', '5173', '--strictPort'],
    // Vite colours its output where CI is set: the port stands between colour codes.
    (line) => stripVTControlCharacters(line).includes('127.0.0.1:5173'),
  );
  return { dataDir, startupMs: Date.now() - started };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  startStack().then(
    () => console.log(`\nThe app is running at ${APP_URL}\nPress Ctrl-C to stop.`),
    (error) => {
      console.error(`Could not start the stack: ${error.message}`);
      stopAll(1);
    },
  );
}
