import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../src/common/test-support.ts';

const bin = fileURLToPath(new URL('../../bin/devnet.mjs', import.meta.url));

export interface DevnetProcess {
  /** The chain's URL (the first service's when the chain is not started). */
  url: string;
  /** Every started service's URL by name. */
  urls: Record<string, string>;
  dataDir: string;
  child: ChildProcess;
  /** Every line it printed so far. */
  output: string[];
  /** Resolves when the process has exited (by itself, a stop or a kill). */
  exited: Promise<void>;
  /** Stops with SIGTERM (clean shutdown) and waits for the exit. */
  stop(): Promise<void>;
  /** Kills with SIGKILL, as a crash would. */
  kill(): Promise<void>;
}

export interface DevnetProcessOptions {
  /** Services to start (default: the chain alone), each on a free port. */
  services?: string[];
  /** Extra environment variables (DEVNET_FAULT…). */
  env?: Record<string, string>;
}

/** Each service's port options, all given 0 (a free port). */
const PORT_OPTIONS: Record<string, string[]> = {
  chain: ['--chain-port'],
  crust: ['--crust-port'],
  ipfs: ['--ipfs-port', '--gateway-port'],
  evm: ['--evm-port'],
  oracle: ['--oracle-port'],
  releases: ['--releases-port'],
  // Home Assistant's port (the setup page) belongs to the controller.
  controller: ['--controller-port', '--ha-port'],
  relay: ['--relay-port'],
  proxy: ['--proxy-port'],
};

/** Starts a real devnet process on free ports and waits until every service is ready. */
export async function startDevnet(
  args: string[] = [],
  dataDir?: string,
  { services = ['chain'], env = {} }: DevnetProcessOptions = {},
): Promise<DevnetProcess> {
  const dir = dataDir ?? tempDir();
  const ports = services.flatMap((name) =>
    (PORT_OPTIONS[name] ?? []).flatMap((option) => [option, '0']),
  );
  const child = spawn(
    process.execPath,
    // The levers' port too: tests run side by side.
    [
      bin,
      '--services',
      services.join(','),
      ...ports,
      '--control-port',
      '0',
      '--data-dir',
      dir,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output: string[] = [];
  const urls: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`devnet did not start:\n${output.join('\n')}`)),
      90_000,
    );
    const onLine = (line: string) => {
      output.push(line);
      const match = line.match(/^(\w+) ready (\S+)/);
      if (match) urls[match[1]!] = match[2]!;
      if (line.startsWith('devnet ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`devnet exited with ${code}:\n${output.join('\n')}`));
    });
  });
  return {
    url: urls.chain ?? Object.values(urls)[0]!,
    urls,
    dataDir: dir,
    child,
    output,
    exited,
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
