const byExtension: Record<string, string> = {
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  tar: 'application/x-tar',
};

/** The type a file name's extension implies, or null (as kubo's gateway looks at names first). */
export function typeFromName(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return byExtension[name.slice(dot + 1).toLowerCase()] ?? null;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** Control bytes that never occur in text (as in the WHATWG MIME sniffing "binary data bytes"). */
function looksBinary(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f)) {
      return true;
    }
  }
  return false;
}

/**
 * Sniffs the type of unnamed content. `bytes` is the whole content when `complete`, otherwise
 * its first bytes: JSON is only recognised by a full parse, so a prefix of JSON reads as text.
 */
export function sniffContentType(bytes: Uint8Array, complete: boolean): string {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return 'application/wasm';
  if (looksBinary(bytes)) return 'application/octet-stream';
  let text: string;
  try {
    // A prefix may end inside a multi-byte character: only a complete body must decode fully.
    text = new TextDecoder('utf-8', { fatal: complete }).decode(bytes);
  } catch {
    return 'application/octet-stream';
  }
  const head = text.replace(/^\uFEFF/, '').trimStart();
  const lower = head.slice(0, 512).toLowerCase();
  if (
    lower.startsWith('<svg') ||
    (/^<(\?xml|!--|!doctype svg)/.test(lower) && /<svg[\s>]/.test(head))
  ) {
    return 'image/svg+xml';
  }
  if (lower.startsWith('<!doctype html') || lower.startsWith('<html')) {
    return 'text/html; charset=utf-8';
  }
  if (complete && (head.startsWith('{') || head.startsWith('['))) {
    try {
      JSON.parse(head);
      return 'application/json';
    } catch {
      // Not JSON after all: plain text.
    }
  }
  return 'text/plain; charset=utf-8';
}
