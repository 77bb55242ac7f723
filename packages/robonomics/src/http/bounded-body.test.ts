import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBoundedJson, readBoundedText, sizeText } from './bounded-body.ts';

/** A chunked body (no content-length) of `chunks`, counting how many were pulled. */
function chunked(chunks: string[]) {
  let pulled = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  return { response: new Response(body), pulled: () => pulled };
}

describe('readBoundedText', () => {
  it('reads a body within the bound, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"a":"é"}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    expect(await readBoundedJson(new Response(body), 100)).toEqual({ a: 'é' });
  });

  it('refuses a declared length over the bound without reading it', async () => {
    const response = new Response('x'.repeat(10), { headers: { 'content-length': '1000000' } });
    await expect(readBoundedText(response, 100)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('stops a chunked body as soon as it passes the bound', async () => {
    const { response, pulled } = chunked(Array.from({ length: 1000 }, () => 'x'.repeat(64)));
    await expect(readBoundedText(response, 200)).rejects.toThrow('larger than 200 bytes');
    expect(pulled()).toBeLessThan(10);
  });

  it('reads an empty body as empty text', async () => {
    expect(await readBoundedText(new Response(null), 10)).toBe('');
  });

  it('takes a body of exactly the bound and refuses one byte more, declared or not', async () => {
    const at = 'é'.repeat(50); // 100 bytes
    const over = `${at}x`;
    const declared = (text: string) =>
      new Response(text, {
        headers: { 'content-length': String(new TextEncoder().encode(text).length) },
      });
    expect(await readBoundedText(declared(at), 100)).toBe(at);
    await expect(readBoundedText(declared(over), 100)).rejects.toThrow(BodyTooLargeError);
    expect(await readBoundedText(chunked([at.slice(0, 25), at.slice(25)]).response, 100)).toBe(at);
    await expect(readBoundedText(chunked([at, 'x']).response, 100)).rejects.toThrow(
      'The answer is larger than 100 bytes, more than it can be; it was not read.',
    );
  });
});

describe('sizeText', () => {
  it('says a bound in the unit it was set in', () => {
    expect(sizeText(1024 * 1024)).toBe('1 MB');
    expect(sizeText(10 * 1024 * 1024)).toBe('10 MB');
    expect(sizeText(64 * 1024)).toBe('64 KB');
    expect(sizeText(100_000)).toBe('100,000 bytes');
    expect(sizeText(1000)).toBe('1,000 bytes');
  });
});
