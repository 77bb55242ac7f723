// `npm run typecheck`: each workspace's TypeScript project, two at a time (one tsc uses one core).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// The longest first, so the two runs end near each other.
const projects = ['apps/web', 'packages/devnet', 'packages/robonomics', 'e2e', 'scripts'];

/**
 * Runs tsc on one project; resolves with its exit code and everything it printed.
 * @param {string} project
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

const queue = [...projects];
let failed = false;
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const { code, output } = await check(project);
    if (output) process.stdout.write(output);
    if (code !== 0) {
      failed = true;
      console.error(`tsc -p ${project} failed.`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
process.exit(failed ? 1 : 0);
