import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compactFromU8a, hexToU8a } from '@polkadot/util';
import type { ChainDefinition } from 'polkadot-api';
import { WebSocket } from 'ws';

/**
 * Where descriptors are generated: inside the package, so that the generated code finds
 * `polkadot-api` in node_modules; ignored by git. Each run gets its own folder under it.
 */
const ROOT = fileURLToPath(new URL('../../.papi/', import.meta.url));

/** polkadot-api's own command line (`papi`), as the installed polkadot-api ships it. */
const CLI = join(
  dirname(createRequire(import.meta.url).resolve('polkadot-api')),
  '..',
  '..',
  'bin',
  'cli.js',
);

export interface GeneratedDescriptors {
  /** The chain's descriptors, for `client.getTypedApi`. */
  devnet: ChainDefinition;
  /** The folder they were generated in (remove it afterwards). */
  dir: string;
}

/**
 * Generates polkadot-api descriptors from the metadata a running chain serves: reads its V15
 * metadata with `state_call Metadata_metadata_at_version(15)`, writes it to a file, runs
 * `papi generate` on that file (offline, without installing a descriptors package), and imports
 * the generated module.
 */
export async function generateDescriptors(url: string): Promise<GeneratedDescriptors> {
  mkdirSync(ROOT, { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'run-'));
  try {
    writeFileSync(join(dir, 'devnet.scale'), await metadataV15(url));
    writeFileSync(
      join(dir, 'polkadot-api.json'),
      JSON.stringify({
        version: 0,
        descriptorPath: 'descriptors',
        entries: { devnet: { metadata: 'devnet.scale' } },
        options: { noDescriptorsPackage: true },
      }),
    );
    await run(process.execPath, [CLI, 'generate', '--config', 'polkadot-api.json'], dir);
    const module = (await import(
      pathToFileURL(join(dir, 'descriptors', 'dist', 'index.js')).href
    )) as { devnet: ChainDefinition };
    return { devnet: module.devnet, dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The chain's metadata V15 as the runtime API answers it (the bytes inside the Option). */
async function metadataV15(url: string): Promise<Uint8Array> {
  const result = await rpc<string | null>(url, 'state_call', [
    'Metadata_metadata_at_version',
    '0x0f000000',
  ]);
  const bytes = hexToU8a(result ?? '0x');
  if (bytes[0] !== 1) throw new Error('the chain serves no metadata V15');
  const [offset, length] = compactFromU8a(bytes.subarray(1));
  return bytes.slice(1 + offset, 1 + offset + length.toNumber());
}

/** One JSON-RPC call on its own connection (a tool's). */
export async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const ws = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const reply = await new Promise<{ result?: T; error?: { message: string } }>((resolve) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    });
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as T;
  } finally {
    ws.close();
  }
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`papi generate exited with ${code}:\n${output}`)),
    );
  });
}
