import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  ftruncate,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  write,
  writeSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { syncDirectory } from './durable-file.ts';

/** Bytes before each record: payload length (u32 LE) and CRC-32 of the payload (u32 LE). */
const FRAME_BYTES = 8;
/** A record larger than this is taken for a damaged length field. */
export const MAX_RECORD_BYTES = 256 * 1024 * 1024;
const READ_CHUNK = 4 * 1024 * 1024;
const writeAt = promisify(write);
const syncData = promisify(fdatasync);
const truncate = promisify(ftruncate);

/** The journal is unreadable in a way a torn last write does not explain. */
export class JournalDamagedError extends Error {
  override name = 'JournalDamagedError';
}

function frame(record: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(record), 'utf8');
  const head = Buffer.alloc(FRAME_BYTES);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([head, payload]);
}

export interface OpenedJournal<T> {
  journal: Journal;
  records: T[];
  /** Bytes of an interrupted last write that were cut off (0 when the file ended cleanly). */
  droppedBytes: number;
}

/**
 * An append-only file of JSON records, each framed with its length and CRC-32 (see
 * docs/devnet-durability.md). `append` resolves only once the bytes are on disk (fdatasync),
 * without blocking the event loop meanwhile; appends run one after another, and a failed one
 * cuts the file back to where it was, so the file always ends on a whole record. Reading back
 * stops at a torn last record (a crash in the middle of a write) and cuts it off.
 */
export class Journal {
  readonly file: string;
  #fd: number;
  #size: number;
  #tail: Promise<void> = Promise.resolve();

  private constructor(file: string, fd: number, size: number) {
    this.file = file;
    this.#fd = fd;
    this.#size = size;
  }

  /** Bytes of whole records in the file. */
  get size(): number {
    return this.#size;
  }

  /**
   * Creates the journal with its first records, all or nothing: they are written to a temporary
   * file that is renamed into place once on disk.
   */
  static create(file: string, records: unknown[]): Journal {
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    let size = 0;
    try {
      for (const record of records) size += writeSync(fd, frame(record));
      fdatasyncSync(fd);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    closeSync(fd);
    renameSync(temp, file);
    syncDirectory(file);
    return new Journal(file, openSync(file, 'r+'), size);
  }

  /** Opens an existing journal and reads every whole record, oldest first. */
  static open<T>(file: string): OpenedJournal<T> {
    const fd = openSync(file, 'r+');
    try {
      const { records, goodBytes, fileBytes } = readRecords<T>(fd, file);
      if (goodBytes < fileBytes) {
        ftruncateSync(fd, goodBytes);
        fdatasyncSync(fd);
      }
      return {
        journal: new Journal(file, fd, goodBytes),
        records,
        droppedBytes: fileBytes - goodBytes,
      };
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  static exists(file: string): boolean {
    return existsSync(file);
  }

  /**
   * Appends records; resolves once they are on disk. On failure the file is cut back to its
   * previous end and the promise rejects: nothing of a failed append remains.
   */
  append(records: unknown[]): Promise<void> {
    const bytes = Buffer.concat(records.map(frame));
    const run = this.#tail.then(() => this.#write(bytes));
    this.#tail = run.catch(() => {});
    return run;
  }

  async #write(bytes: Buffer): Promise<void> {
    if (this.#fd < 0) throw new Error(`${this.file} is closed`);
    const fd = this.#fd;
    const at = this.#size;
    try {
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await writeAt(
          fd,
          bytes,
          written,
          bytes.length - written,
          at + written,
        );
        written += bytesWritten;
      }
      await syncData(fd);
    } catch (error) {
      // The next open cuts a torn record off if this fails too.
      await truncate(fd, at).catch(() => {});
      throw error;
    }
    this.#size = at + bytes.length;
  }

  /** Closes the file once the appends under way are done. */
  async close(): Promise<void> {
    await this.#tail;
    if (this.#fd < 0) return;
    closeSync(this.#fd);
    this.#fd = -1;
  }
}

/** Reads framed records from the start of `fd` until the end or a torn last record. */
function readRecords<T>(fd: number, file: string) {
  const fileBytes = fstatSync(fd).size;
  const records: T[] = [];
  let offset = 0;
  let buffer = Buffer.alloc(0);
  let bufferStart = 0;
  /** Bytes [at, at + length) of the file, or null past its end. */
  const read = (at: number, length: number): Buffer | null => {
    if (at + length > fileBytes) return null;
    if (at < bufferStart || at + length > bufferStart + buffer.length) {
      const size = Math.max(length, Math.min(READ_CHUNK, fileBytes - at));
      buffer = Buffer.alloc(size);
      let got = 0;
      while (got < size) {
        const n = readSync(fd, buffer, got, size - got, at + got);
        if (n === 0) break;
        got += n;
      }
      bufferStart = at;
    }
    return buffer.subarray(at - bufferStart, at - bufferStart + length);
  };
  while (offset < fileBytes) {
    const head = read(offset, FRAME_BYTES);
    if (!head) break;
    const length = head.readUInt32LE(0);
    const checksum = head.readUInt32LE(4);
    const end = offset + FRAME_BYTES + length;
    // The last write was cut short: the record runs past the end of the file.
    if (end > fileBytes) break;
    if (length > MAX_RECORD_BYTES) {
      throw new JournalDamagedError(`${file} is damaged at byte ${offset} (record length)`);
    }
    const payload = read(offset + FRAME_BYTES, length)!;
    if (crc32(payload) !== checksum) {
      // A bad checksum on the last record is a torn write; anywhere else the file is damaged.
      if (end === fileBytes) break;
      throw new JournalDamagedError(`${file} is damaged at byte ${offset} (checksum)`);
    }
    try {
      records.push(JSON.parse(payload.toString('utf8')) as T);
    } catch {
      throw new JournalDamagedError(`${file} is damaged at byte ${offset} (not JSON)`);
    }
    offset = end;
  }
  return { records, goodBytes: offset, fileBytes };
}
