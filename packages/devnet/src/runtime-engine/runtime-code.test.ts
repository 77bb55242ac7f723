import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadChopsticks } from './chopsticks.ts';
import { COMPRESSED_CODE_PREFIX, RUNTIME_CODE_FILE, runtimeCode } from './runtime-code.ts';

afterAll(async () => {
  await (await loadChopsticks()).destroyWorker();
});

describe('the runtime WebAssembly kept in the repository', () => {
  it('is the compressed form: the Substrate prefix, then a zstd frame', () => {
    const bytes = readFileSync(RUNTIME_CODE_FILE);
    expect(bytes.subarray(0, 8).toString('hex')).toBe(COMPRESSED_CODE_PREFIX);
    // zstd frame magic number 0xFD2FB528, little endian.
    expect(bytes.subarray(8, 12).toString('hex')).toBe('28b52ffd');
  });

  it("says robonomics 40 through the executor's Core_version", async () => {
    const chopsticks = await loadChopsticks();
    const version = await chopsticks.getRuntimeVersion(runtimeCode());
    expect(version.specName).toBe('robonomics');
    expect(version.implName).toBe('robonomics-airalab');
    expect(version.specVersion).toBe(40);
    expect(version.transactionVersion).toBe(2);
  });
});
