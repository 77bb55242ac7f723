// Installs the locked dependencies when node_modules is missing or was installed from another
// lockfile. Only Node built-ins here: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'node_modules', '.robonomics-install-stamp');

export function lockHash() {
  return createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
}

export function ensureDeps() {
  const wanted = lockHash();
  const have = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (have === wanted && existsSync(join(root, 'node_modules', '.bin', 'vite'))) return false;
  console.log(
    have ? 'Dependencies changed; reinstalling (npm ci)…' : 'Installing dependencies (npm ci)…',
  );
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm ci failed');
  writeFileSync(stampFile, `${wanted}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDeps();
