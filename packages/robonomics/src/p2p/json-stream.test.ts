import type { Stream } from '@libp2p/interface';
import { streamPair } from '@libp2p/utils';
import { afterEach, describe, expect, it } from 'vitest';
import './with-resolvers.ts';
import {
  type Framing,
  framingOf,
  JsonStreamError,
  jsonBytes,
  readJsonMessage,
  requestJson,
  writeJsonMessage,
} from './json-stream.ts';

const opened: Stream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.abort(new Error('test over'));
});

/** Two connected in-memory libp2p streams (the @libp2p/utils test pair). */
async function pair(): Promise<[Stream, Stream]> {
  const streams = await streamPair();
  opened.push(...streams);
  return streams;
}

/** The varint length prefix of a body (what lpStream writes before it). */
function prefixed(body: Uint8Array): Uint8Array {
  const prefix: number[] = [];
  let rest = body.length;
  while (rest >= 0x80) {
    prefix.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  prefix.push(rest);
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix);
  out.set(body, prefix.length);
  return out;
}

const rejection = async (promise: Promise<unknown>): Promise<JsonStreamError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(JsonStreamError);
    return error as JsonStreamError;
  }
  throw new Error('expected the promise to reject');
};

describe('framingOf', () => {
  it('is raw over mplex and length-prefixed over yamux or an unknown multiplexer', () => {
    expect(framingOf('/mplex/6.7.0')).toBe('raw');
    expect(framingOf('/yamux/1.0.0')).toBe('length-prefixed');
    expect(framingOf(undefined)).toBe('length-prefixed');
  });
});

describe.each<Framing>(['raw', 'length-prefixed'])('%s framing', (framing) => {
  it('carries a request and its reply', async () => {
    const [app, home] = await pair();
    const served = (async () => {
      const request = await readJsonMessage(home, framing);
      await writeJsonMessage(home, framing, { result: true, echo: request });
      await home.close();
    })();
    const reply = await requestJson(app, framing, { data: { sender: 'ä', data: '0x01' } });
    await served;
    expect(reply).toEqual({ result: true, echo: { data: { sender: 'ä', data: '0x01' } } });
  });

  it('refuses a body over the size bound without buffering it, both ways', async () => {
    const [app, home] = await pair();
    const big = { data: 'x'.repeat(2_000) };
    expect((await rejection(writeJsonMessage(app, framing, big, { maxBytes: 1_000 }))).reason).toBe(
      'too-large',
    );
    // The writer accepts it; the reader refuses once more than its bound arrived or is announced.
    const reading = rejection(readJsonMessage(home, framing, { maxBytes: 1_000 }));
    await writeJsonMessage(app, framing, big).catch(() => {});
    expect((await reading).reason).toBe('too-large');
  });

  it('says when the stream closes before a message', async () => {
    const [app, home] = await pair();
    const reading = rejection(readJsonMessage(home, framing));
    await app.close();
    const error = await reading;
    expect(error.reason).toBe('closed');
  });

  it('gives up on a reply that never comes', async () => {
    const [app] = await pair();
    const started = Date.now();
    const error = await rejection(
      requestJson(app, framing, { data: 1 }, { signal: AbortSignal.timeout(150) }),
    );
    expect(error.reason).toBe('aborted');
    expect(error.message).toBe('Timed out waiting for the message.');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('hands back the text of a message that is not JSON', async () => {
    const [app, home] = await pair();
    const text = new TextEncoder().encode('not json {');
    app.send(framing === 'raw' ? text : prefixed(text));
    await app.close();
    const error = await rejection(readJsonMessage(home, framing));
    expect(error.reason).toBe('bad-json');
    expect(error.text).toBe('not json {');
  });
});

describe('raw framing', () => {
  it('reads a message split over many chunks up to the end of writing', async () => {
    const [app, home] = await pair();
    const bytes = jsonBytes({ data: { sender: 'me', data: `0x${'ab'.repeat(300)}` } });
    for (let at = 0; at < bytes.length; at += 7) app.send(bytes.subarray(at, at + 7));
    await app.close();
    expect(await readJsonMessage(home, 'raw')).toEqual({
      data: { sender: 'me', data: `0x${'ab'.repeat(300)}` },
    });
  });

  it('bounds a stream that never ends by size, however slowly it comes', async () => {
    const [app, home] = await pair();
    const reading = rejection(readJsonMessage(home, 'raw', { maxBytes: 100 }));
    const chunk = new TextEncoder().encode('{"a":"0123456789"');
    // The reader gives up (and resets the stream) once more than 100 bytes came.
    let sent = 0;
    while (app.writeStatus === 'writable' && sent < 10_000) {
      try {
        app.send(chunk);
      } catch {
        break;
      }
      sent += chunk.length;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await reading).reason).toBe('too-large');
    expect(sent).toBeLessThan(1_000);
  });

  it('bounds a stream that never ends by time', async () => {
    const [app, home] = await pair();
    app.send(new TextEncoder().encode('{"never": "ends"'));
    const error = await rejection(
      readJsonMessage(home, 'raw', { signal: AbortSignal.timeout(100) }),
    );
    expect(error.reason).toBe('aborted');
  });

  it('sends no length prefix and ends the message by closing its writing', async () => {
    const [app, home] = await pair();
    await writeJsonMessage(app, 'raw', { result: true });
    expect(app.writeStatus).not.toBe('writable');
    const chunks: Uint8Array[] = [];
    for await (const chunk of home) chunks.push(chunk.subarray());
    expect(new TextDecoder().decode(Buffer.concat(chunks))).toBe('{"result":true}');
  });
});

describe('length-prefixed framing', () => {
  it('reads a message whose prefix and body arrive in pieces, and leaves what follows', async () => {
    const [app, home] = await pair();
    const first = prefixed(jsonBytes({ n: 1 }));
    const second = prefixed(jsonBytes({ n: 2 }));
    app.send(first.subarray(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    app.send(Buffer.concat([first.subarray(1), second]));
    expect(await readJsonMessage(home, 'length-prefixed')).toEqual({ n: 1 });
    expect(await readJsonMessage(home, 'length-prefixed')).toEqual({ n: 2 });
  });

  it('writes what lpStream reads: a varint length, then the JSON', async () => {
    const [app, home] = await pair();
    await writeJsonMessage(app, 'length-prefixed', { result: true });
    await app.close();
    const chunks: Uint8Array[] = [];
    for await (const chunk of home) chunks.push(chunk.subarray());
    const bytes = Buffer.concat(chunks);
    expect(bytes[0]).toBe(15);
    expect(bytes.subarray(1).toString()).toBe('{"result":true}');
  });
});
