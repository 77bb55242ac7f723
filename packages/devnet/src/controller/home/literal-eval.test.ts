import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pyFloat } from '../ha-api/ha-format.ts';
import {
  LiteralEvalError,
  literalEval,
  literalEvalBytesRepr,
  literalEvalTree,
  type PyLiteral,
  pyBytesRepr,
} from './literal-eval.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A literal with its Python type spelled out, so list/tuple/set and int/float stay apart. */
type Tagged = Record<string, unknown>;

function tagged(value: PyLiteral): Tagged {
  switch (value.type) {
    case 'str':
      return { str: value.value };
    case 'bytes':
      return { bytes: Buffer.from(value.value).toString('hex') };
    case 'int':
      return { int: value.value.toString() };
    case 'float':
      return { float: pyFloat(value.value) };
    case 'bool':
      return { bool: value.value };
    case 'none':
      return { none: null };
    case 'list':
    case 'tuple':
      return { [value.type]: value.items.map(tagged) };
    case 'set':
      return { set: value.items.map(tagged).sort(byText) };
    case 'dict':
      return { dict: value.entries.map(([k, v]) => [tagged(k), tagged(v)]) };
  }
}

function byText(a: unknown, b: unknown): number {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The same tagging, done by Python on the result of the real ast.literal_eval. */
const PYTHON = `
import ast, json, sys
def tag(v):
    if isinstance(v, bool): return {"bool": v}
    if v is None: return {"none": None}
    if isinstance(v, int): return {"int": str(v)}
    if isinstance(v, float): return {"float": repr(v)}
    if isinstance(v, str): return {"str": v}
    if isinstance(v, bytes): return {"bytes": v.hex()}
    if isinstance(v, list): return {"list": [tag(x) for x in v]}
    if isinstance(v, tuple): return {"tuple": [tag(x) for x in v]}
    if isinstance(v, set):
        return {"set": sorted((tag(x) for x in v), key=lambda t: json.dumps(t, ensure_ascii=False, separators=(",", ":")))}
    if isinstance(v, dict): return {"dict": [[tag(k), tag(x)] for k, x in v.items()]}
    raise TypeError(type(v))
out = []
for source in json.load(sys.stdin):
    try:
        out.append({"ok": tag(ast.literal_eval(source))})
    except Exception as e:
        out.append({"error": type(e).__name__})
print(json.dumps(out, ensure_ascii=False))
`;

function python(sources: string[]): ({ ok: Tagged } | { error: string })[] {
  const output = execFileSync('python3', ['-c', PYTHON], {
    input: JSON.stringify(sources),
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

function ours(source: string): { ok: Tagged } | { error: string } {
  try {
    return { ok: tagged(literalEvalTree(source)) };
  } catch (error) {
    if (!(error instanceof LiteralEvalError)) throw error;
    return { error: 'refused' };
  }
}

describe('Python bytes repr', () => {
  it('quotes, escapes and hex-escapes like Python', () => {
    expect(pyBytesRepr(utf8('{"a": 1}'))).toBe(`b'{"a": 1}'`);
    expect(pyBytesRepr(utf8("it's"))).toBe(`b"it's"`);
    expect(pyBytesRepr(utf8(`it's "x"`))).toBe(`b'it\\'s "x"'`);
    expect(pyBytesRepr(utf8('a\\b\n\t\r\x01'))).toBe("b'a\\\\b\\n\\t\\r\\x01'");
    expect(pyBytesRepr(utf8('Л'))).toBe("b'\\xd0\\x9b'");
  });
});

describe('ast.literal_eval, compared with python3 on the same inputs', () => {
  const cases = [
    // dicts, nested empties
    '{}',
    '{"platform":"cover","name":"open_cover","params":{"entity_id":"cover.lamp","x":{}}}',
    '{"a": {"b": {}}, "c": [], "d": ()}',
    '[{}, [], (), {"x": [{}]}]',
    "{'a': 1, 'a': 2}",
    '{True: 1, 1: 2, 1.0: 3}',
    '{1: "int", "1": "str", None: 0, (1, 2): "tuple"}',
    '{[1]: 2}',
    '{{}: 1}',
    // sets
    '{1, 2, 1}',
    '{"b", "a"}',
    '{(1, 2), (1, 2)}',
    'set()',
    'set ()',
    '{[1], 2}',
    // tuples
    '()',
    '(1,)',
    '(1)',
    '(1, (2, (3,)))',
    '((),)',
    // bytes
    "b'ab\\x00\\xff'",
    'b"it\'s"',
    "rb'\\n'",
    "b'\\u0041'",
    "b'\\777'",
    "b'a' b'c'",
    "b'a' 'c'",
    "b'\u00e9'",
    // strings and numbers
    '\'a\' "b"',
    "r'\\n' 'x'",
    "'\\x41\\u00e9\\n'",
    "'''multi\nline'''",
    '-5',
    '+5',
    '-True',
    '[1.5, 2e3, 0x10, 0o17, 0b101, 1_000, .5, 1., 1e-07, 1e16, 12345678901234567890]',
    '007',
    '0',
    '1.0',
    '-0.0',
    // what JSON has and Python has not
    '{"a": true}',
    '{"a": null}',
    '[1, 2',
    '1 2',
    '__import__("os")',
    '1+2',
    '  (1)',
    '\t[1]\n',
  ];

  it('gives the same values, types and refusals as Python', () => {
    const expected = python(cases);
    for (const [i, source] of cases.entries()) {
      const want = expected[i]!;
      const got = ours(source);
      if ('error' in want) {
        expect({ source, result: got }).toEqual({ source, result: { error: 'refused' } });
      } else {
        expect({ source, result: got }).toEqual({ source, result: want });
      }
    }
  });

  it('fixes the empty dict of a chain command: {} stays an object', () => {
    expect(
      literalEval(
        '{"platform":"cover","name":"open_cover","params":{"entity_id":"cover.lamp","x":{}}}',
      ),
    ).toEqual({
      platform: 'cover',
      name: 'open_cover',
      params: { entity_id: 'cover.lamp', x: {} },
    });
    expect(literalEval('[{}, {"a": {}}]')).toEqual([{}, { a: {} }]);
  });

  it('refuses nesting deeper than a command needs', () => {
    expect(() => literalEval(`${'['.repeat(200)}${']'.repeat(200)}`)).toThrow(/nested/);
  });
});

describe('the chain path: str(bytes)[2:-1] then literal_eval', () => {
  it('reads a compact JSON command with numbers, strings, lists and objects', () => {
    const text =
      '{"platform":"light","name":"turn_on","params":{"entity_id":"light.lamp","brightness":128,"rgb_color":[30,30,230]}}';
    expect(literalEvalBytesRepr(utf8(text))).toEqual(JSON.parse(text));
  });

  it('agrees with Python for JSON booleans, non-ASCII text and backslashes', () => {
    const texts = [
      '{"a": true}',
      '{"name": "Лампа"}',
      '{"a": "say \\"hi\\""}',
      '{"a": "C:\\\\x"}',
      '{"x": {}, "y": []}',
    ];
    const sources = texts.map((text) => pyBytesRepr(utf8(text)).slice(2, -1));
    const expected = python(sources);
    for (const [i, source] of sources.entries()) {
      const want = expected[i]!;
      const got = ours(source);
      expect({ text: texts[i], got }).toEqual({
        text: texts[i],
        got: 'error' in want ? { error: 'refused' } : want,
      });
    }
    expect(literalEvalBytesRepr(utf8('{"name": "Лампа"}'))).toEqual({
      name: 'Ð\x9bÐ°Ð¼Ð¿Ð°',
    });
  });
});
