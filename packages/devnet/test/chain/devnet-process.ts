import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/devnet.mjs', import.meta.url));

export interface DevnetProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops with SIGTERM (clean shutdown) and waits for the exit. */
  stop(): Promise<void>;
  /** Kills with SIGKILL, as a crash would. */
  kill(): Promise<void>;
}

/** Starts a real devnet chain process on a free port and waits for its ready line. */
export async function startDevnet(args: string[] = [], dataDir?: string): Promise<DevnetProcess> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'devnet-test-'));
  const child = spawn(
    process.execPath,
    [bin, '--services', 'chain', '--chain-port', '0', '--data-dir', dir, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const output: string[] = [];
    const timer = setTimeout(
      () => reject(new Error(`devnet did not start:\n${output.join('\n')}`)),
      90_000,
    );
    const onLine = (line: string) => {
      output.push(line);
      const match = line.match(/^chain ready (ws:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.once('exit', (code) =>
      reject(new Error(`devnet exited with ${code}:\n${output.join('\n')}`)),
    );
  });
  return {
    url,
    dataDir: dir,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
