/** One part of a multipart/form-data body. */
export interface MultipartPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The form field name (kubo's clients use file, file-1, dir…). */
  name: string;
  /** The filename parameter, percent-decoded as kubo does; null when absent. */
  filename: string | null;
  contentType: string;
  data: Buffer;
}

export class MultipartError extends Error {
  override name = 'MultipartError';
}

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = contentType.match(/boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A parameter of Content-Disposition (quoted or bare), or null. */
function dispositionParam(disposition: string, key: string): string | null {
  const match = disposition.match(
    new RegExp(`(?:^|;)\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i'),
  );
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim();
}

function decodeFilename(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Splits a buffered multipart/form-data body into its parts (RFC 7578). The body is bounded by
 * the caller, so parts are slices of it rather than streams.
 */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) throw new MultipartError('multipart body without its boundary');
  for (;;) {
    let cursor = start + delimiter.length;
    if (body.subarray(cursor, cursor + 2).toString() === '--') return parts;
    // Transport padding after the delimiter, then the line break.
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++;
    if (body.subarray(cursor, cursor + 2).toString() !== '\r\n') {
      throw new MultipartError('malformed multipart delimiter line');
    }
    cursor += 2;
    const headerEnd = body.indexOf('\r\n\r\n', cursor);
    // A part may have no headers at all: the empty line follows the delimiter line at once.
    const noHeaders = body.subarray(cursor, cursor + 2).toString() === '\r\n';
    if (headerEnd < 0 && !noHeaders) throw new MultipartError('multipart part without headers');
    const headers = noHeaders ? {} : parseHeaders(body.subarray(cursor, headerEnd).toString());
    const dataStart = noHeaders ? cursor + 2 : headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), dataStart);
    if (next < 0) throw new MultipartError('multipart body ends inside a part');
    const disposition = headers['content-disposition'] ?? '';
    const filename = dispositionParam(disposition, 'filename');
    parts.push({
      headers,
      name: dispositionParam(disposition, 'name') ?? '',
      filename: filename === null ? null : decodeFilename(filename),
      contentType: headers['content-type'] ?? 'application/octet-stream',
      data: body.subarray(dataStart, next),
    });
    start = next + 2;
  }
}
