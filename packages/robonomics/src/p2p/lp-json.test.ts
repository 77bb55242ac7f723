import { describe, expect, it } from 'vitest';
import {
  type ByteChunk,
  encodeJsonMessage,
  encodeUvarint,
  type JsonReadable,
  type JsonWritable,
  LpJsonError,
  readJson,
  writeJson,
} from './lp-json.ts';

/** A chunk the way a Uint8ArrayList hands it over: not a Uint8Array itself. */
class ChunkList implements ByteChunk {
  constructor(private readonly bytes: Uint8Array) {}
  get byteLength(): number {
    return this.bytes.length;
  }
  subarray(start?: number, end?: number): Uint8Array {
    return this.bytes.subarray(start, end);
  }
}

/** An in-memory stream with libp2p 3's shape: async-iterable reads, unshift, send/onDrain. */
class FakeStream implements JsonReadable, JsonWritable {
  private readonly queue: ByteChunk[] = [];
  private ended = false;
  private wake: (() => void) | undefined;
  readonly sent: Uint8Array[] = [];
  needsDrain = false;
  private drained: (() => void) | undefined;

  push(chunk: Uint8Array | ByteChunk): void {
    this.queue.push(chunk);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  unshift(data: Uint8Array): void {
    this.queue.unshift(data);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ByteChunk> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  send(data: Uint8Array): boolean {
    this.sent.push(data);
    return !this.needsDrain;
  }

  onDrain(): Promise<void> {
    return new Promise((resolve) => {
      this.drained = resolve;
    });
  }

  drain(): void {
    this.drained?.();
  }
}

const bytes = (...values: number[]) => Uint8Array.from(values);

async function rejection(promise: Promise<unknown>): Promise<LpJsonError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LpJsonError);
    return error as LpJsonError;
  }
  throw new Error('expected a rejection');
}

describe('uvarint length prefix', () => {
  it('encodes like lpStream (unsigned LEB128)', () => {
    expect([...encodeUvarint(0)]).toEqual([0]);
    expect([...encodeUvarint(127)]).toEqual([127]);
    expect([...encodeUvarint(128)]).toEqual([0x80, 0x01]);
    expect([...encodeUvarint(300)]).toEqual([0xac, 0x02]);
    expect([...encodeUvarint(2 ** 32)]).toEqual([0x80, 0x80, 0x80, 0x80, 0x10]);
    expect(() => encodeUvarint(-1)).toThrow(RangeError);
    expect(() => encodeUvarint(1.5)).toThrow(RangeError);
  });

  it('frames compact JSON text after the prefix', () => {
    const message = encodeJsonMessage({ result: true });
    expect(message[0]).toBe(15);
    expect(new TextDecoder().decode(message.subarray(1))).toBe('{"result":true}');
    const long = encodeJsonMessage({ data: 'x'.repeat(300) });
    expect([...long.subarray(0, 2)]).toEqual([0xb7, 0x02]); // 311 bytes of JSON
    expect(long.length).toBe(313);
  });
});

describe('readJson', () => {
  it('reads a message delivered one byte at a time', async () => {
    const stream = new FakeStream();
    const value = { data: { sender: '4Abc', data: '0x00ff' }, text: 'Лампа ✓' };
    const reading = readJson(stream);
    for (const byte of encodeJsonMessage(value)) stream.push(bytes(byte));
    await expect(reading).resolves.toEqual(value);
  });

  it('reads Uint8ArrayList-like chunks and hands bytes after the message back', async () => {
    const stream = new FakeStream();
    const first = encodeJsonMessage({ n: 1 });
    const second = encodeJsonMessage({ n: 2 });
    const joined = new Uint8Array(first.length + second.length);
    joined.set(first);
    joined.set(second, first.length);
    stream.push(new ChunkList(joined));
    await expect(readJson(stream)).resolves.toEqual({ n: 1 });
    await expect(readJson(stream)).resolves.toEqual({ n: 2 });
  });

  it('refuses an announced size over the limit before the body arrives', async () => {
    const stream = new FakeStream();
    const reading = readJson(stream, { maxBytes: 1000 });
    stream.push(encodeUvarint(1001));
    const error = await rejection(reading);
    expect(error.reason).toBe('too-large');
    const ok = new FakeStream();
    ok.push(encodeJsonMessage({ a: 'x'.repeat(990) }));
    await expect(readJson(ok, { maxBytes: 1000 })).resolves.toEqual({ a: 'x'.repeat(990) });
  });

  it('refuses a length prefix longer than 8 bytes', async () => {
    const stream = new FakeStream();
    stream.push(bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01));
    expect((await rejection(readJson(stream, { maxBytes: 2 ** 60 }))).reason).toBe('bad-length');
  });

  it('says when the stream closes before or during a message', async () => {
    const empty = new FakeStream();
    empty.end();
    const closed = await rejection(readJson(empty));
    expect(closed.reason).toBe('closed');
    expect(closed.message).toBe('The stream closed.');

    const cut = new FakeStream();
    cut.push(encodeJsonMessage({ result: true }).subarray(0, 6));
    cut.end();
    const partial = await rejection(readJson(cut));
    expect(partial.reason).toBe('closed');
    expect(partial.message).toMatch(/middle/);
  });

  it('refuses bodies that are not JSON or not UTF-8', async () => {
    const notJson = new FakeStream();
    notJson.push(bytes(3, 0x61, 0x62, 0x63));
    expect((await rejection(readJson(notJson))).reason).toBe('bad-json');
    const notUtf8 = new FakeStream();
    notUtf8.push(bytes(2, 0xc3, 0x28));
    expect((await rejection(readJson(notUtf8))).reason).toBe('bad-json');
  });

  it('gives up when the signal fires', async () => {
    const stream = new FakeStream();
    stream.push(bytes(10, 0x7b));
    const error = await rejection(readJson(stream, { signal: AbortSignal.timeout(30) }));
    expect(error.reason).toBe('aborted');
    expect(error.message).toMatch(/Timed out/);
    const controller = new AbortController();
    controller.abort();
    expect((await rejection(readJson(new FakeStream(), controller))).reason).toBe('aborted');
  });
});

describe('writeJson', () => {
  it('sends one framed chunk', async () => {
    const stream = new FakeStream();
    await writeJson(stream, { result: false, error: 'no' });
    expect(stream.sent).toHaveLength(1);
    const back = new FakeStream();
    back.push(stream.sent[0]!);
    await expect(readJson(back)).resolves.toEqual({ result: false, error: 'no' });
  });

  it('waits for drain when the stream asks for it', async () => {
    const stream = new FakeStream();
    stream.needsDrain = true;
    let done = false;
    const writing = writeJson(stream, { x: 1 }).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    stream.drain();
    await writing;
    expect(done).toBe(true);
  });

  it('refuses to send over the size limit or values without JSON form', async () => {
    const stream = new FakeStream();
    expect((await rejection(writeJson(stream, 'x'.repeat(20), { maxBytes: 10 }))).reason).toBe(
      'too-large',
    );
    await expect(writeJson(stream, undefined)).rejects.toThrow(TypeError);
    expect(stream.sent).toHaveLength(0);
  });
});
