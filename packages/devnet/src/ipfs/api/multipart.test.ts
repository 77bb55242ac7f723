import { describe, expect, it } from 'vitest';
import { sniffContentType, typeFromName } from '../gateway/content-type.ts';
import { normaliseAddPath, parseIpfsPath } from '../repo/repo.ts';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart.ts';

const body = (parts: string[], boundary = 'XyZ') =>
  Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}`).join('\r\n')}\r\n--${boundary}--\r\n`);

describe('multipart/form-data', () => {
  it('reads the boundary, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });

  it('splits parts as kubo-rpc-client and browsers send them', () => {
    const parts = parseMultipart(
      body([
        'Content-Disposition: form-data; name="file"; filename="dir%2Fa%20b.json"\r\nContent-Type: application/octet-stream\r\n\r\n{"a":\r\n1}',
        'Content-Disposition: form-data; name="file-1"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n',
        'Content-Disposition: form-data; name="dir"; filename="dir"\r\nContent-Type: application/x-directory\r\n\r\n',
        'Content-Disposition: form-data; name="file"\r\n\r\nno filename',
      ]),
      'XyZ',
    );
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.data.toString()])).toEqual([
      ['file', 'dir/a b.json', 'application/octet-stream', '{"a":\r\n1}'],
      ['file-1', '', 'application/octet-stream', ''],
      ['dir', 'dir', 'application/x-directory', ''],
      ['file', null, 'application/octet-stream', 'no filename'],
    ]);
  });

  it('keeps bytes that look like a boundary without the line break before it', () => {
    const [part] = parseMultipart(
      body(['Content-Disposition: form-data; name="file"\r\n\r\nab--XyZcd']),
      'XyZ',
    );
    expect(part!.data.toString()).toBe('ab--XyZcd');
  });

  it('refuses truncated bodies', () => {
    expect(() =>
      parseMultipart(Buffer.from('--XyZ\r\nContent-Type: text/plain\r\n\r\nabc'), 'XyZ'),
    ).toThrow(MultipartError);
    expect(() => parseMultipart(Buffer.from('nothing'), 'XyZ')).toThrow(MultipartError);
  });
});

describe('paths', () => {
  it('parses kubo path arguments', () => {
    const cid = 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH';
    expect(parseIpfsPath(cid).rest).toEqual([]);
    expect(parseIpfsPath(`/ipfs/${cid}/a/b/`).rest).toEqual(['a', 'b']);
    expect(() => parseIpfsPath('/ipns/x')).toThrow(/invalid path/);
    expect(() => parseIpfsPath('Qm123')).toThrow(/invalid path "Qm123": invalid cid/);
    expect(() => parseIpfsPath('')).toThrow(/not have enough components/);
  });

  it('keeps uploaded names inside the add', () => {
    expect(normaliseAddPath('/a//./b.txt')).toBe('a/b.txt');
    expect(() => normaliseAddPath('a/../../etc')).toThrow(/invalid file name/);
  });
});

describe('content type', () => {
  it('prefers the extension, then sniffs', () => {
    expect(typeFromName('x.JSON')).toBe('application/json');
    expect(typeFromName('noext')).toBeNull();
    expect(sniffContentType(new TextEncoder().encode('{"a": [1]}'), true)).toBe('application/json');
    // A prefix cannot prove JSON.
    expect(sniffContentType(new TextEncoder().encode('{"a": [1]}'), false)).toBe(
      'text/plain; charset=utf-8',
    );
    expect(sniffContentType(new TextEncoder().encode('<svg viewBox="0 0 1 1"/>'), true)).toBe(
      'image/svg+xml',
    );
    expect(sniffContentType(Uint8Array.from([0xff, 0xfe, 0xfd]), true)).toBe(
      'application/octet-stream',
    );
    expect(sniffContentType(new TextEncoder().encode('héllo'), true)).toBe(
      'text/plain; charset=utf-8',
    );
  });
});
