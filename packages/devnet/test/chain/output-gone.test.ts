import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { startDevnet } from './devnet-process.ts';

/** The process's CPU time so far, in seconds (utime + stime from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('a devnet whose output nobody reads any more', () => {
  it('stops as on SIGTERM at its next line, freeing its ports', async () => {
    const devnet = await startDevnet([], undefined, { services: ['chain', 'relay'] });
    try {
      const pid = devnet.child.pid!;
      // The reader goes away (the terminal or the tool that started it was ended).
      devnet.child.stdout!.destroy();
      devnet.child.stderr!.destroy();
      const before = cpuSeconds(pid);
      // A lever that prints a line: the relay restarts.
      devnet.child.kill('SIGUSR2');
      const ended = await Promise.race([
        devnet.exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      if (!ended) {
        const spent = cpuSeconds(pid) - before;
        expect.fail(`still running after 10 s, having used ${spent.toFixed(1)} CPU-seconds`);
      }
      expect(devnet.child.exitCode).toBe(0);
    } finally {
      await devnet.kill();
      removeDir(devnet.dataDir);
    }
  });
});
