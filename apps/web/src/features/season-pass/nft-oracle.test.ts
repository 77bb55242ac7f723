import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkFreeMinimum, freeMinimumMessage, requestFreeMinimum } from './nft-oracle.ts';

describe('nft oracle client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs the JSON with keys in the oracle order', () => {
    expect(freeMinimumMessage(3, '0xAbC', '4Dx')).toBe('{"nft":3,"address":"0xAbC","for":"4Dx"}');
  });

  it('maps {result}, {error}, bad bodies and network failures', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(new Response('{"result":true}'));
    await expect(checkFreeMinimum('http://o/', 1, '0xa')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://o/api/check');
    fetchMock.mockResolvedValueOnce(new Response('{"error":"Token not activated"}'));
    await expect(checkFreeMinimum('http://o', 1, '0xa')).resolves.toEqual({
      ok: false,
      error: 'Token not activated',
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(
      requestFreeMinimum('http://o', { signature: '0x', nft: 1, address: '0xa', for: '4' }),
    ).resolves.toEqual({
      ok: false,
      error: 'The NFT oracle answered 502 without a result.',
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(checkFreeMinimum('http://o', 1, '0xa')).resolves.toEqual({
      ok: false,
      error: 'The NFT oracle could not be reached.',
    });
  });

  it('reads an answer of up to 16 KB and says the oracle sent too much past it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const answer = (bytes: number) => {
      const empty = JSON.stringify({ error: '' });
      return new Response(JSON.stringify({ error: 'e'.repeat(bytes - empty.length) }));
    };
    fetchMock.mockResolvedValueOnce(answer(16 * 1024));
    const within = await checkFreeMinimum('http://o', 1, '0xa');
    expect(within.ok === false && within.error.length).toBe(16 * 1024 - 12);
    fetchMock.mockResolvedValueOnce(answer(16 * 1024 + 1));
    await expect(checkFreeMinimum('http://o', 1, '0xa')).resolves.toEqual({
      ok: false,
      error:
        'The NFT oracle sent more than 16 KB in answer, more than an answer can be; it was not read.',
    });
    fetchMock.mockResolvedValueOnce(new Response('null'));
    await expect(checkFreeMinimum('http://o', 1, '0xa')).resolves.toEqual({
      ok: false,
      error: 'The NFT oracle refused the request.',
    });
  });
});
