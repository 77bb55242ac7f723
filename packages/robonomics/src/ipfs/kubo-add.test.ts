import { describe, expect, it } from 'vitest';
import { addToIpfs } from './kubo-add.ts';

const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const LIMIT = 64 * 1024;

/** kubo's answer line, then other lines up to exactly `bytes`. */
function answerOf(bytes: number): string {
  const line = `${JSON.stringify({ Name: 'file', Hash: CID, Size: '12' })}\n`;
  return line + 'x'.repeat(bytes - line.length);
}

/** A body without a declared length, in chunks of 1000 bytes. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + 1000));
      offset += 1000;
    },
  });
}

const add = (answer: () => Response) =>
  addToIpfs(
    'http://ipfs.test',
    'hello',
    {},
    {
      fetcher: async () => answer(),
    },
  );

describe('addToIpfs', () => {
  it("reads the CID from kubo's answer, up to 64 KB of it, with or without a length", async () => {
    await expect(add(() => new Response(answerOf(LIMIT)))).resolves.toBe(CID);
    await expect(add(() => new Response(chunked(answerOf(LIMIT))))).resolves.toBe(CID);
  });

  it('refuses an answer one byte over, in words, without reading it to its end', async () => {
    const words =
      'The IPFS node sent too much: its answer to the upload is larger than 64 KB, where a CID takes one short line. It was not read.';
    await expect(add(() => new Response(answerOf(LIMIT + 1)))).rejects.toThrow(words);
    await expect(add(() => new Response(chunked(answerOf(LIMIT + 1))))).rejects.toThrow(words);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1000).fill(0x20));
      },
    });
    await expect(add(() => new Response(endless))).rejects.toThrow(words);
    expect(pulled).toBeLessThan(100);
  });

  it('says what went wrong for refusals and answers without a CID', async () => {
    await expect(add(() => new Response('{}', { status: 401 }))).rejects.toThrow(
      'The IPFS node refused the authorization.',
    );
    await expect(add(() => new Response('x'.repeat(LIMIT * 4), { status: 500 }))).rejects.toThrow(
      'The IPFS node refused the file (HTTP 500).',
    );
    await expect(add(() => new Response('<html>'))).rejects.toThrow('The IPFS node gave no CID.');
    await expect(add(() => new Response('null'))).rejects.toThrow('The IPFS node gave no CID.');
  });
});
