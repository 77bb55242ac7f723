/**
 * A size in words: whole MB or KB (of 1024) where it is one, else bytes. The bounds are set in
 * such units, so the words say exactly the bound.
 */
export function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * A response body larger than the reader allows: it was not read to its end. Its message says
 * the source sent too much; callers may name the source in their own words.
 */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The answer is larger than ${sizeText(limit)}, more than it can be; it was not read.`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The body of `response` as bytes, read no further than `maxBytes`: a declared length over the
 * bound is refused before reading, and a body without one (chunked) is cancelled as soon as it
 * passes the bound, so an answer never holds more than `maxBytes` in memory. `response.text()`,
 * `arrayBuffer()` and `json()` would read whatever the other side sends.
 */
export async function readBoundedBytes(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    parts.push(value);
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The body of `response` as UTF-8 text, read as readBoundedBytes reads it. */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBoundedBytes(response, maxBytes));
}

/** The body of `response` parsed as JSON, read no further than `maxBytes` (readBoundedText). */
export async function readBoundedJson(response: Response, maxBytes: number): Promise<unknown> {
  return JSON.parse(await readBoundedText(response, maxBytes));
}
