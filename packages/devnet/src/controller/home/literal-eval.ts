/**
 * How Home Assistant reads a launch command that came through the chain (see
 * docs/home-assistant.md, "Commands from the chain"): the decrypted bytes become
 * `str(bytes)[2:-1]` (the Python bytes repr without `b'…'`) and go through `ast.literal_eval`; a
 * plaintext command is literal_eval'ed as is. JSON `true`/`false`/`null` are no Python literals,
 * a backslash breaks the repr round trip and non-ASCII text comes out as one character per UTF-8
 * byte. This module reproduces that, down to the Python types of the result.
 */

export class LiteralEvalError extends Error {
  override readonly name = 'LiteralEvalError';
}

/** A value as ast.literal_eval returns it, with its Python type. */
export type PyLiteral =
  | { type: 'str'; value: string }
  | { type: 'bytes'; value: Uint8Array }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'none' }
  | { type: 'list' | 'tuple' | 'set'; items: PyLiteral[] }
  | { type: 'dict'; entries: [PyLiteral, PyLiteral][] };

/** Python's repr() of a bytes object: b'…' (or b"…" when it has ' and no "). */
export function pyBytesRepr(bytes: Uint8Array): string {
  const hasSingle = bytes.includes(0x27);
  const hasDouble = bytes.includes(0x22);
  const quote = hasSingle && !hasDouble ? 0x22 : 0x27;
  let out = `b${String.fromCharCode(quote)}`;
  for (const byte of bytes) {
    if (byte === quote || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte === 0x09) out += '\\t';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x0d) out += '\\r';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}${String.fromCharCode(quote)}`;
}

const MAX_DEPTH = 100;

/**
 * ast.literal_eval for the literals a command can hold: str, bytes, int, float, True, False,
 * None, list, tuple, dict, set and set(). Throws LiteralEvalError with Python's kind of message.
 * Complex numbers are refused (no command can use them).
 */
export function literalEvalTree(source: string): PyLiteral {
  // literal_eval strips leading spaces and tabs before parsing (Python ≥ 3.9).
  const parser = new Parser(source.replace(/^[ \t]+/, ''));
  const value = parser.expression();
  parser.end();
  return value;
}

/**
 * literal_eval as plain JavaScript values: lists, tuples and sets become arrays, dicts objects
 * (keys as Python's str() of them), bytes Uint8Array, ints numbers.
 */
export function literalEval(source: string): unknown {
  return toJs(literalEvalTree(source));
}

/** The chain path: bytes -> str(bytes)[2:-1] -> literal_eval. */
export function literalEvalBytesRepr(bytes: Uint8Array): unknown {
  return literalEval(pyBytesRepr(bytes).slice(2, -1));
}

function keyText(key: PyLiteral): string {
  switch (key.type) {
    case 'str':
      return key.value;
    case 'bool':
      return key.value ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'int':
      return key.value.toString();
    default: {
      const value = toJs(key);
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  }
}

export function toJs(value: PyLiteral): unknown {
  switch (value.type) {
    case 'str':
    case 'bytes':
    case 'float':
    case 'bool':
      return value.value;
    case 'int':
      return Number(value.value);
    case 'none':
      return null;
    case 'list':
    case 'tuple':
    case 'set':
      return value.items.map(toJs);
    case 'dict':
      return Object.fromEntries(value.entries.map(([k, v]) => [keyText(k), toJs(v)]));
  }
}

/**
 * What Python compares dict keys and set members by: equal numbers are one key whatever their
 * type (True == 1 == 1.0). Throws for unhashable values, as Python does.
 */
function hashKey(value: PyLiteral): string {
  switch (value.type) {
    case 'str':
      return `s${value.value}`;
    case 'bytes':
      return `b${Buffer.from(value.value).toString('hex')}`;
    case 'none':
      return 'N';
    case 'bool':
      return `n${value.value ? 1 : 0}`;
    case 'int':
      return `n${value.value.toString()}`;
    case 'float':
      return Number.isInteger(value.value)
        ? `n${BigInt(value.value).toString()}`
        : `n${String(value.value)}`;
    case 'tuple':
      return `t(${value.items.map(hashKey).join(',')})`;
    default:
      throw new LiteralEvalError(`unhashable type: '${value.type}'`);
  }
}

const STRING_PREFIX = /^(?:[rRuUbB]|[bB][rR]|[rR][bB])?(?=['"])/;

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  private fail(message = 'invalid syntax'): never {
    throw new LiteralEvalError(`${message} (at position ${this.pos})`);
  }

  private space(): void {
    // Inside brackets Python allows newlines too; a bare value allows only spaces.
    while (this.pos < this.text.length) {
      const c = this.text[this.pos]!;
      if (c === ' ' || c === '\t' || c === '\f' || (this.depth > 0 && (c === '\n' || c === '\r')))
        this.pos++;
      else if (c === '\\' && this.text[this.pos + 1] === '\n') this.pos += 2;
      else break;
    }
  }

  end(): void {
    this.space();
    while (this.text[this.pos] === '\n' || this.text[this.pos] === '\r') {
      this.pos++;
      this.space();
    }
    if (this.pos < this.text.length) this.fail();
  }

  expression(): PyLiteral {
    this.space();
    const c = this.text[this.pos];
    if (c === undefined) this.fail('unexpected EOF while parsing');
    if (c === '[' || c === '(' || c === '{') return this.container(c);
    const prefix = STRING_PREFIX.exec(this.text.slice(this.pos, this.pos + 3));
    if (prefix) return this.strings();
    if (c === '-' || c === '+') {
      this.pos++;
      const value = this.expression();
      if (value.type === 'int')
        return { type: 'int', value: c === '-' ? -value.value : value.value };
      if (value.type === 'float')
        return { type: 'float', value: c === '-' ? -value.value : value.value };
      this.fail('malformed node or string');
    }
    if (/[0-9.]/.test(c)) return this.number();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos))?.[0];
    if (!word) this.fail();
    this.pos += word.length;
    if (word === 'True') return { type: 'bool', value: true };
    if (word === 'False') return { type: 'bool', value: false };
    if (word === 'None') return { type: 'none' };
    if (word === 'set') {
      this.space();
      if (this.text.startsWith('()', this.pos)) {
        this.pos += 2;
        return { type: 'set', items: [] };
      }
    }
    // Names such as JSON's true/false/null are not literals.
    throw new LiteralEvalError(`malformed node or string: name '${word}'`);
  }

  private container(open: string): PyLiteral {
    if (++this.depth > MAX_DEPTH) this.fail('too many nested parentheses');
    this.pos++;
    const close = open === '[' ? ']' : open === '(' ? ')' : '}';
    const items: PyLiteral[] = [];
    const entries: [PyLiteral, PyLiteral][] = [];
    let isDict: boolean | undefined = open === '{' ? undefined : false;
    let commas = 0;
    for (;;) {
      this.space();
      if (this.text[this.pos] === close) break;
      const key = this.expression();
      this.space();
      if (isDict === undefined) isDict = this.text[this.pos] === ':';
      if (isDict) {
        if (this.text[this.pos] !== ':') this.fail();
        this.pos++;
        entries.push([key, this.expression()]);
        this.space();
      } else {
        items.push(key);
      }
      if (this.text[this.pos] === ',') {
        this.pos++;
        commas++;
        continue;
      }
      this.space();
      if (this.text[this.pos] !== close) this.fail();
      break;
    }
    this.pos++;
    this.depth--;
    // "{}" is an empty dict; a set needs at least one member.
    if (open === '{' && isDict !== false) return { type: 'dict', entries: dedupeEntries(entries) };
    if (open === '{') return { type: 'set', items: dedupeItems(items) };
    if (open === '[') return { type: 'list', items };
    // "(x)" is x itself; "(x,)" and "()" are tuples.
    if (items.length === 1 && commas === 0) return items[0]!;
    return { type: 'tuple', items };
  }

  /** One or more adjacent string literals (Python concatenates them; bytes only with bytes). */
  private strings(): PyLiteral {
    let out = this.string();
    for (;;) {
      const save = this.pos;
      this.space();
      if (!STRING_PREFIX.test(this.text.slice(this.pos, this.pos + 3))) {
        this.pos = save;
        return out;
      }
      const next = this.string();
      if (next.type !== out.type) this.fail('cannot mix bytes and nonbytes literals');
      out =
        out.type === 'bytes' && next.type === 'bytes'
          ? { type: 'bytes', value: new Uint8Array([...out.value, ...next.value]) }
          : {
              type: 'str',
              value: `${(out as { value: string }).value}${(next as { value: string }).value}`,
            };
    }
  }

  private string(): PyLiteral {
    const prefix = STRING_PREFIX.exec(this.text.slice(this.pos, this.pos + 3))![0].toLowerCase();
    this.pos += prefix.length;
    const raw = prefix.includes('r');
    const bytes = prefix.includes('b');
    const quote = this.text[this.pos]!;
    const triple = this.text.startsWith(quote.repeat(3), this.pos);
    const delimiter = triple ? quote.repeat(3) : quote;
    this.pos += delimiter.length;
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) this.fail('unterminated string literal');
      if (this.text.startsWith(delimiter, this.pos)) {
        this.pos += delimiter.length;
        break;
      }
      const c = this.text[this.pos]!;
      if (!triple && (c === '\n' || c === '\r')) this.fail('unterminated string literal');
      if (bytes && c.charCodeAt(0) > 0x7f) {
        this.fail('bytes can only contain ASCII literal characters');
      }
      if (c !== '\\') {
        out += c;
        this.pos++;
        continue;
      }
      if (raw) {
        // A raw string keeps the backslash, but it still escapes the quote after it.
        out += c + (this.text[this.pos + 1] ?? '');
        this.pos += 2;
        continue;
      }
      out += this.escape(bytes);
    }
    if (!bytes) return { type: 'str', value: out };
    return { type: 'bytes', value: Uint8Array.from(out, (ch) => ch.charCodeAt(0) & 0xff) };
  }

  private escape(bytes: boolean): string {
    const next = this.text[this.pos + 1];
    this.pos += 2;
    const simple: Record<string, string> = {
      '\\': '\\',
      "'": "'",
      '"': '"',
      a: '\x07',
      b: '\b',
      f: '\f',
      n: '\n',
      r: '\r',
      t: '\t',
      v: '\v',
      '\n': '',
    };
    if (next === undefined) this.fail('unterminated string literal');
    if (Object.hasOwn(simple, next)) return simple[next]!;
    // \u, \U and \N are escapes in text only; in bytes they stay as written.
    const hexDigits = next === 'x' ? 2 : bytes ? 0 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (hexDigits) {
      const digits = this.text.slice(this.pos, this.pos + hexDigits);
      if (!new RegExp(`^[0-9a-fA-F]{${hexDigits}}$`).test(digits)) {
        this.fail(`(unicode error) truncated \\${next} escape`);
      }
      this.pos += hexDigits;
      const code = Number.parseInt(digits, 16);
      if (code > 0x10ffff) this.fail('(unicode error) illegal Unicode character');
      return String.fromCodePoint(code);
    }
    if (/[0-7]/.test(next)) {
      let digits = next;
      while (digits.length < 3 && /[0-7]/.test(this.text[this.pos] ?? '')) {
        digits += this.text[this.pos++];
      }
      return String.fromCharCode(Number.parseInt(digits, 8));
    }
    if (next === 'N' && !bytes) this.fail('(unicode error) named escapes are not supported');
    // Unknown escapes stay as written.
    return `\\${next}`;
  }

  private number(): PyLiteral {
    const rest = this.text.slice(this.pos);
    const match =
      /^(0[xX](_?[0-9a-fA-F])+|0[oO](_?[0-7])+|0[bB](_?[01])+|((\d(_?\d)*)?\.\d(_?\d)*|\d(_?\d)*\.?)([eE][+-]?\d(_?\d)*)?)/.exec(
        rest,
      );
    if (!match || match[0] === '.') this.fail();
    const literal = match[0];
    this.pos += literal.length;
    if (/^[jJ]/.test(this.text[this.pos] ?? '')) this.fail('complex numbers are not supported');
    if (/^[A-Za-z_]/.test(this.text[this.pos] ?? '')) this.fail();
    const clean = literal.replaceAll('_', '');
    if (/^0[xXoObB]/.test(clean)) return { type: 'int', value: BigInt(clean) };
    if (/^\d+$/.test(clean)) {
      // Python 3 forbids leading zeros in decimal integers ("007").
      if (/^0\d/.test(clean) && !/^0+$/.test(clean)) {
        this.fail('leading zeros in decimal integer literals are not permitted');
      }
      return { type: 'int', value: BigInt(clean) };
    }
    return { type: 'float', value: Number(clean) };
  }
}

/** A dict keeps the first key object and the last value of equal keys. */
function dedupeEntries(entries: [PyLiteral, PyLiteral][]): [PyLiteral, PyLiteral][] {
  const byKey = new Map<string, [PyLiteral, PyLiteral]>();
  for (const [key, value] of entries) {
    const hash = hashKey(key);
    const existing = byKey.get(hash);
    byKey.set(hash, [existing ? existing[0] : key, value]);
  }
  return [...byKey.values()];
}

/** A set keeps the first of equal members. */
function dedupeItems(items: PyLiteral[]): PyLiteral[] {
  const byKey = new Map<string, PyLiteral>();
  for (const item of items) {
    const hash = hashKey(item);
    if (!byKey.has(hash)) byKey.set(hash, item);
  }
  return [...byKey.values()];
}
