import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../common/test-support.ts';
import { Journal, JournalDamagedError } from './journal.ts';

const dir = tempDir('devnet-journal-');
afterAll(() => removeDir(dir));
let n = 0;
const file = () => join(dir, `journal-${n++}`);

describe('journal', () => {
  it('reads back every appended record, in order, after a reopen', async () => {
    const path = file();
    const journal = Journal.create(path, [{ kind: 'head' }]);
    for (let i = 0; i < 50; i++) await journal.append([{ i, text: 'x'.repeat(i * 10) }]);
    await journal.append([{ i: 50 }, { i: 51 }]);
    await journal.close();
    const { journal: again, records, droppedBytes } = Journal.open<{ i?: number }>(path);
    expect(droppedBytes).toBe(0);
    expect(records).toHaveLength(53);
    expect(records.slice(1).map((r) => r.i)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    await again.close();
  });

  it('keeps appends in call order when they are not awaited one by one', async () => {
    const path = file();
    const journal = Journal.create(path, []);
    await Promise.all(Array.from({ length: 20 }, (_, i) => journal.append([{ i }])));
    await journal.close();
    const { journal: again, records } = Journal.open<{ i: number }>(path);
    expect(records.map((r) => r.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await again.close();
  });

  it('cuts off a torn last record and appends after the last whole one', async () => {
    const path = file();
    const journal = Journal.create(path, [{ i: 0 }]);
    await journal.append([{ i: 1 }]);
    await journal.close();
    const whole = statSync(path).size;
    // A write cut short by a crash: a frame header and part of its payload.
    const frame = Buffer.alloc(8);
    frame.writeUInt32LE(100, 0);
    appendFileSync(path, Buffer.concat([frame, Buffer.from('{"i":2,"pad":"')]));
    const { journal: again, records, droppedBytes } = Journal.open<{ i: number }>(path);
    expect(records.map((r) => r.i)).toEqual([0, 1]);
    expect(droppedBytes).toBe(22);
    expect(statSync(path).size).toBe(whole);
    await again.append([{ i: 3 }]);
    await again.close();
    expect(Journal.open<{ i: number }>(path).records.map((r) => r.i)).toEqual([0, 1, 3]);
  });

  it('takes a last record with a bad checksum for a torn write', async () => {
    const path = file();
    const journal = Journal.create(path, [{ i: 0 }, { i: 1 }]);
    await journal.close();
    const bytes = readFileSync(path);
    bytes[bytes.length - 2] ^= 0xff;
    writeFileSync(path, bytes);
    const { records, droppedBytes } = Journal.open<{ i: number }>(path);
    expect(records.map((r) => r.i)).toEqual([0]);
    expect(droppedBytes).toBeGreaterThan(0);
  });

  it('refuses a file damaged before its last record', async () => {
    const path = file();
    const journal = Journal.create(path, [{ i: 0 }, { i: 1 }, { i: 2 }]);
    await journal.close();
    const bytes = readFileSync(path);
    bytes[10] ^= 0xff; // inside the first payload
    writeFileSync(path, bytes);
    expect(() => Journal.open(path)).toThrow(JournalDamagedError);
  });

  it('rejects an append once closed and leaves the file as it was', async () => {
    const path = file();
    const journal = Journal.create(path, [{ i: 0 }]);
    await journal.close();
    const size = statSync(path).size;
    await expect(journal.append([{ i: 1 }])).rejects.toThrow(/closed/);
    expect(statSync(path).size).toBe(size);
  });
});
