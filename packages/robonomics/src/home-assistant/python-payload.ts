/**
 * Payloads written by the Home Assistant integration are JSON, but parts of them (and older
 * payloads) are Python text: single quotes, True/False/None, tuples, list reprs inside strings
 * (docs/home-assistant.md, JSON as Python writes it). Patching the text with patterns breaks on
 * apostrophes inside strings, so this is a small real parser for the union of JSON and Python
 * literals.
 */

/** Untrusted payloads above this size are refused before parsing (20 MB). */
export const MAX_PAYLOAD_BYTES = 20 * 1024 * 1024;
/** Deeper nesting than this is refused instead of overflowing the stack. */
/** Nesting deeper than this is refused, reading (and the devnet's writer, writing). */
export const MAX_DEPTH = 512;

export class PayloadParseError extends Error {
  override readonly name = 'PayloadParseError';
  /** Character offset of the problem in the text, when there is one. */
  readonly position: number | undefined;

  constructor(message: string, position?: number) {
    super(message);
    this.position = position;
  }
}

export interface ParseOptions {
  /** Size limit in UTF-8 bytes; default MAX_PAYLOAD_BYTES. */
  maxBytes?: number;
  /**
   * What Python's None becomes: null (default), or the string "None" as airalab/robonomics.app did.
   */
  none?: null | 'None';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** UTF-8 size of a text without encoding it when its length alone decides (1–3 bytes per unit). */
function utf8SizeExceeds(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return encoder.encode(text).length > limit;
}

export function payloadTooLargeMessage(limit = MAX_PAYLOAD_BYTES): string {
  return `The payload is larger than ${Math.round(limit / (1024 * 1024))} MB.`;
}

/** Text of a payload given as a string or as bytes (an IPFS file body). */
export function payloadText(input: string | Uint8Array, maxBytes = MAX_PAYLOAD_BYTES): string {
  if (input instanceof Uint8Array) {
    if (input.length > maxBytes) throw new PayloadParseError(payloadTooLargeMessage(maxBytes));
    try {
      return utf8.decode(input);
    } catch {
      throw new PayloadParseError('The payload is not UTF-8 text.');
    }
  }
  if (typeof input !== 'string') throw new PayloadParseError('The payload is not text.');
  if (utf8SizeExceeds(input, maxBytes)) {
    throw new PayloadParseError(payloadTooLargeMessage(maxBytes));
  }
  return input;
}

/**
 * Parses JSON or a Python literal (dict/list/tuple/set, quoted strings, numbers, True/False/None,
 * NaN/Infinity as json.dumps writes them). Throws PayloadParseError on anything else.
 */
export function parsePayload(input: string | Uint8Array, options: ParseOptions = {}): unknown {
  const text = payloadText(input, options.maxBytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new PayloadParseError('The payload is empty.');
  try {
    return JSON.parse(text);
  } catch {
    // Not strict JSON: fall through to the Python-literal grammar, which is a superset.
  }
  return new LiteralParser(text, options.none === undefined ? null : options.none).parseAll();
}

/**
 * HA str()-s list/tuple/set attributes ("['heat', 'off']"). Returns the list for such a string,
 * the value itself for a real array, and undefined for anything else.
 */
export function parseStringifiedList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === 'set()') return [];
  if (!/^(\[[\s\S]*\]|\([\s\S]*\)|\{[\s\S]*\})$/.test(text)) return undefined;
  try {
    const parsed = new LiteralParser(text, null).parseAll();
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  '/': '/',
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
};

const NUMBER =
  /[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

class LiteralParser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly none: null | 'None',
  ) {}

  parseAll(): unknown {
    const value = this.value();
    this.skipSpace();
    if (this.pos < this.text.length) this.fail('unexpected text after the value');
    return value;
  }

  private fail(what: string, at = this.pos): never {
    const near = this.text.slice(at, at + 20);
    const shown = near ? ` (near "${near}")` : ' (at the end)';
    throw new PayloadParseError(
      `Not valid JSON or a Python literal: ${what} at position ${at}${shown}.`,
      at,
    );
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && ' \t\r\n'.includes(this.text[this.pos]!)) this.pos++;
  }

  private peek(): string | undefined {
    this.skipSpace();
    return this.text[this.pos];
  }

  private expect(char: string): void {
    if (this.peek() !== char) this.fail(`expected "${char}"`);
    this.pos++;
  }

  private value(): unknown {
    const char = this.peek();
    if (char === undefined) this.fail('unexpected end of text');
    if (char === '{' || char === '[' || char === '(') {
      if (++this.depth > MAX_DEPTH) this.fail('nesting is too deep');
      const result = char === '{' ? this.braces() : this.sequence(char === '[' ? ']' : ')');
      this.depth--;
      return result;
    }
    if (char === '"' || char === "'") return this.string();
    if (char === '-' && this.text.startsWith('-Infinity', this.pos)) {
      this.pos += 9;
      return Number.NEGATIVE_INFINITY;
    }
    if (/[0-9+\-.]/.test(char)) return this.number();
    return this.word();
  }

  /** [..] and (..) become arrays; "(x)" without a comma is just x, as in Python. */
  private sequence(close: ']' | ')'): unknown {
    this.pos++;
    const items: unknown[] = [];
    let sawComma = false;
    while (this.peek() !== close) {
      items.push(this.value());
      if (this.peek() === ',') {
        this.pos++;
        sawComma = true;
      } else if (this.peek() !== close) {
        this.fail(`expected "," or "${close}"`);
      }
    }
    this.pos++;
    if (close === ')' && items.length === 1 && !sawComma) return items[0];
    return items;
  }

  /** {k: v, …} is a dict; {a, b} (a Python set) becomes an array. */
  private braces(): unknown {
    this.pos++;
    if (this.peek() === '}') {
      this.pos++;
      return {};
    }
    const keyStart = this.pos;
    const first = this.value();
    if (this.peek() !== ':') return this.setRest(first);
    const entries: [string, unknown][] = [];
    let key: unknown = first;
    let at = keyStart;
    for (;;) {
      this.expect(':');
      entries.push([this.dictKey(key, at), this.value()]);
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== '}') this.fail('expected "," or "}"');
      if (this.peek() === '}') break;
      at = this.pos;
      key = this.value();
    }
    this.pos++;
    // fromEntries defines own properties, so a "__proto__" key cannot reach the prototype.
    return Object.fromEntries(entries);
  }

  private setRest(first: unknown): unknown[] {
    const items = [first];
    for (;;) {
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== '}') this.fail('expected "," or "}"');
      if (this.peek() === '}') break;
      items.push(this.value());
    }
    this.pos++;
    return items;
  }

  /** JSON keys are text; Python keys may be numbers, booleans or None (json.dumps spelling). */
  private dictKey(key: unknown, at: number): string {
    if (typeof key === 'string') return key;
    if (typeof key === 'number') return String(key);
    if (typeof key === 'boolean') return key ? 'true' : 'false';
    if (key === null) return 'null';
    return this.fail('a dictionary key must be a string, number, boolean or None', at);
  }

  private string(): string {
    const quote = this.text[this.pos]!;
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      const char = this.text[this.pos];
      if (char === undefined) this.fail('unterminated string', start);
      if (char === quote) {
        this.pos++;
        return out;
      }
      if (char === '\n') this.fail('line break inside a string', start);
      if (char !== '\\') {
        out += char;
        this.pos++;
        continue;
      }
      out += this.escape();
    }
  }

  private escape(): string {
    const next = this.text[this.pos + 1];
    if (next === undefined) this.fail('unterminated string');
    this.pos += 2;
    if (next in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[next]!;
    if (next === '\n') return ''; // a line continuation
    if (next === 'x') return this.hexEscape(2);
    if (next === 'u') return this.hexEscape(4);
    if (next === 'U') return this.hexEscape(8);
    if (/[0-7]/.test(next)) {
      let digits = next;
      while (digits.length < 3 && /[0-7]/.test(this.text[this.pos] ?? '')) {
        digits += this.text[this.pos++];
      }
      return String.fromCharCode(Number.parseInt(digits, 8));
    }
    // Python keeps unknown escapes as written.
    return `\\${next}`;
  }

  private hexEscape(length: number): string {
    const digits = this.text.slice(this.pos, this.pos + length);
    if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(digits)) this.fail('bad escape in a string');
    this.pos += length;
    const code = Number.parseInt(digits, 16);
    if (code > 0x10ffff) this.fail('bad escape in a string');
    return String.fromCodePoint(code);
  }

  private number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail('unexpected character');
    this.pos += match[0].length;
    const value = Number(match[0].replaceAll('_', ''));
    if (Number.isNaN(value)) this.fail('bad number', this.pos - match[0].length);
    return value;
  }

  private word(): unknown {
    const start = this.pos;
    WORD.lastIndex = start;
    const match = WORD.exec(this.text);
    if (!match) return this.fail('unexpected character');
    this.pos += match[0].length;
    switch (match[0]) {
      case 'True':
      case 'true':
        return true;
      case 'False':
      case 'false':
        return false;
      case 'None':
        return this.none;
      case 'null':
        return null;
      case 'NaN':
        return Number.NaN;
      case 'Infinity':
        return Number.POSITIVE_INFINITY;
      case 'set':
        if (this.text.startsWith('()', this.pos)) {
          this.pos += 2;
          return [];
        }
        break;
    }
    return this.fail(`unknown word "${match[0]}"`, start);
  }
}

/** What the validators return: the checked value, or a clear English error. */
export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * A payload as a plain object: JSON/Python text and bytes are parsed (with the size limit), an
 * already-parsed value is taken as is. Arrays and scalars are refused.
 */
export function payloadObject(
  input: unknown,
  what: string,
  maxBytes = MAX_PAYLOAD_BYTES,
): Validation<Record<string, unknown>> {
  let value = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    try {
      value = parsePayload(input, { maxBytes });
    } catch (error) {
      return { ok: false, error: `The ${what} could not be read: ${(error as Error).message}` };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
    return { ok: false, error: `The ${what} must be a JSON object, not ${kind}.` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
