/**
 * How Home Assistant reads a launch command that came through the chain (facts/interop.md §4.3
 * step 4): the decrypted bytes become `str(bytes)[2:-1]` (the Python bytes repr without
 * `b'…'`) and go through `ast.literal_eval`; a plaintext command is literal_eval'ed as is.
 * JSON `true`/`false`/`null` are no Python literals, a backslash breaks the repr round trip and
 * non-ASCII text comes out as one character per UTF-8 byte. This module reproduces that.
 */

export class LiteralEvalError extends Error {
  override readonly name = 'LiteralEvalError';
}

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
 * ast.literal_eval for the literals a command can hold: str, int, float, True, False, None,
 * list, tuple, dict, set (tuples and sets become arrays, dict keys text). Throws
 * LiteralEvalError with Python's kind of message.
 */
export function literalEval(source: string): unknown {
  // literal_eval strips leading spaces and tabs before parsing (Python ≥ 3.9).
  const parser = new Parser(source.replace(/^[ \t]+/, ''));
  const value = parser.expression();
  parser.end();
  return value;
}

/** The chain path: bytes -> str(bytes)[2:-1] -> literal_eval. */
export function literalEvalBytesRepr(bytes: Uint8Array): unknown {
  return literalEval(pyBytesRepr(bytes).slice(2, -1));
}

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

  expression(): unknown {
    this.space();
    const c = this.text[this.pos];
    if (c === undefined) this.fail('unexpected EOF while parsing');
    if (c === '[' || c === '(' || c === '{') return this.container(c);
    if (c === '"' || c === "'") return this.strings();
    if (c === '-' || c === '+') {
      this.pos++;
      const value = this.expression();
      if (typeof value !== 'number') this.fail('malformed node or string');
      return c === '-' ? -value : value;
    }
    if (/[0-9.]/.test(c)) return this.number();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos))?.[0];
    if (!word) this.fail();
    this.pos += word.length;
    if (word === 'True') return true;
    if (word === 'False') return false;
    if (word === 'None') return null;
    // Names such as JSON's true/false/null are not literals.
    throw new LiteralEvalError(`malformed node or string: name '${word}'`);
  }

  private container(open: string): unknown {
    if (++this.depth > MAX_DEPTH) this.fail('too many nested parentheses');
    this.pos++;
    const close = open === '[' ? ']' : open === '(' ? ')' : '}';
    const items: unknown[] = [];
    const entries: [string, unknown][] = [];
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
        if (key !== null && typeof key === 'object') this.fail("unhashable type: 'list'");
        entries.push([
          String(key === true ? 'True' : key === false ? 'False' : key),
          this.expression(),
        ]);
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
    if (isDict) return Object.fromEntries(entries);
    // "(x)" is x itself; "(x,)" and "()" are tuples.
    if (open === '(' && items.length === 1 && commas === 0) return items[0];
    return items;
  }

  /** One or more adjacent string literals (Python concatenates them). */
  private strings(): string {
    let out = this.string();
    for (;;) {
      const save = this.pos;
      this.space();
      const c = this.text[this.pos];
      if (c !== '"' && c !== "'") {
        this.pos = save;
        return out;
      }
      out += this.string();
    }
  }

  private string(): string {
    const quote = this.text[this.pos]!;
    const triple = this.text.startsWith(quote.repeat(3), this.pos);
    const delimiter = triple ? quote.repeat(3) : quote;
    this.pos += delimiter.length;
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) this.fail('unterminated string literal');
      if (this.text.startsWith(delimiter, this.pos)) {
        this.pos += delimiter.length;
        return out;
      }
      const c = this.text[this.pos]!;
      if (!triple && (c === '\n' || c === '\r')) this.fail('unterminated string literal');
      if (c !== '\\') {
        out += c;
        this.pos++;
        continue;
      }
      out += this.escape();
    }
  }

  private escape(): string {
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
    const hexDigits = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
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
    // Unknown escapes stay as written.
    return `\\${next}`;
  }

  private number(): number {
    const rest = this.text.slice(this.pos);
    const match =
      /^(0[xX](_?[0-9a-fA-F])+|0[oO](_?[0-7])+|0[bB](_?[01])+|((\d(_?\d)*)?\.\d(_?\d)*|\d(_?\d)*\.?)([eE][+-]?\d(_?\d)*)?)/.exec(
        rest,
      );
    if (!match || match[0] === '.') this.fail();
    const literal = match[0];
    this.pos += literal.length;
    if (/^[A-Za-z_]/.test(this.text[this.pos] ?? '')) this.fail();
    const clean = literal.replaceAll('_', '');
    if (/^0[xXoObB]/.test(clean)) return Number(clean);
    // Python 3 forbids leading zeros in decimal integers ("007").
    if (/^0\d/.test(clean) && /^\d+$/.test(clean) && !/^0+$/.test(clean)) {
      this.fail('leading zeros in decimal integer literals are not permitted');
    }
    return Number(clean);
  }
}
