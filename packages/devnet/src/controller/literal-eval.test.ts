import { describe, expect, it } from 'vitest';
import {
  LiteralEvalError,
  literalEval,
  literalEvalBytesRepr,
  pyBytesRepr,
} from './literal-eval.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('Python bytes repr', () => {
  it('quotes, escapes and hex-escapes like Python', () => {
    expect(pyBytesRepr(utf8('{"a": 1}'))).toBe(`b'{"a": 1}'`);
    expect(pyBytesRepr(utf8("it's"))).toBe(`b"it's"`);
    expect(pyBytesRepr(utf8(`it's "x"`))).toBe(`b'it\\'s "x"'`);
    expect(pyBytesRepr(utf8('a\\b\n\t\r\x01'))).toBe("b'a\\\\b\\n\\t\\r\\x01'");
    expect(pyBytesRepr(utf8('Л'))).toBe("b'\\xd0\\x9b'");
  });
});

describe('ast.literal_eval as HA applies it to chain commands', () => {
  it('reads a compact JSON command with numbers, strings, lists and objects', () => {
    const text =
      '{"platform":"light","name":"turn_on","params":{"entity_id":"light.lamp","brightness":128,"rgb_color":[30,30,230]}}';
    expect(literalEvalBytesRepr(utf8(text))).toEqual(JSON.parse(text));
    expect(literalEval(text)).toEqual(JSON.parse(text));
  });

  it('refuses JSON true, false and null', () => {
    for (const word of ['true', 'false', 'null']) {
      expect(() => literalEvalBytesRepr(utf8(`{"a": ${word}}`))).toThrow(LiteralEvalError);
    }
    expect(literalEval("{'a': True, 'b': None, 'c': (1, 2), 'd': {1, 2}}")).toEqual({
      a: true,
      b: null,
      c: [1, 2],
      d: [1, 2],
    });
  });

  it('garbles non-ASCII text into one character per byte', () => {
    expect(literalEvalBytesRepr(utf8('{"name": "Лампа"}'))).toEqual({
      name: 'Ð\x9bÐ°Ð¼Ð¿Ð°',
    });
  });

  it('fails on an escaped quote and doubles backslashes', () => {
    expect(() => literalEvalBytesRepr(utf8('{"a": "say \\"hi\\""}'))).toThrow(LiteralEvalError);
    // JSON "C:\\x" means C:\x; through the bytes repr it comes out as C:\\x (as in Python).
    expect(literalEvalBytesRepr(utf8('{"a": "C:\\\\x"}'))).toEqual({ a: 'C:\\\\x' });
  });

  it('reads Python numbers and strings', () => {
    expect(literalEval('-5')).toBe(-5);
    expect(literalEval('[1.5, 2e3, 0x10, 1_000, .5]')).toEqual([1.5, 2000, 16, 1000, 0.5]);
    expect(literalEval('\'a\' "b"')).toBe('ab');
    expect(literalEval("'\\x41\\u00e9\\n'")).toBe('Aé\n');
    expect(literalEval('  (1)')).toBe(1);
    expect(literalEval('(1,)')).toEqual([1]);
    expect(() => literalEval('007')).toThrow(/leading zeros/);
    expect(() => literalEval('[1, 2')).toThrow(LiteralEvalError);
    expect(() => literalEval('__import__("os")')).toThrow(LiteralEvalError);
    expect(() => literalEval('1 2')).toThrow(LiteralEvalError);
    expect(() => literalEval(`${'['.repeat(200)}${']'.repeat(200)}`)).toThrow(/nested/);
  });
});
