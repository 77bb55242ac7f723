import { describe, expect, it } from 'vitest';
import {
  MAX_PAYLOAD_BYTES,
  PayloadParseError,
  parsePayload,
  parseStringifiedList,
  payloadObject,
} from './python-payload.ts';

function parseError(run: () => unknown): PayloadParseError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PayloadParseError);
    return error as PayloadParseError;
  }
  throw new Error('expected a PayloadParseError');
}

describe('parsePayload', () => {
  it('reads plain JSON as JSON', () => {
    expect(parsePayload('{"a": [1, 2.5, "x"], "b": null, "c": false}')).toEqual({
      a: [1, 2.5, 'x'],
      b: null,
      c: false,
    });
    expect(parsePayload(new TextEncoder().encode('\uFEFF[1]'))).toEqual([1]);
  });

  it("reads the Python-style string of docs/home-assistant.md: {'a': True, 'b': None}", () => {
    expect(parsePayload("{'a': True, 'b': None}")).toEqual({ a: true, b: null });
    // airalab/robonomics.app turned None into the text "None"; that is available as an option.
    expect(parsePayload("{'a': True, 'b': None}", { none: 'None' })).toEqual({
      a: true,
      b: 'None',
    });
    expect(parsePayload("{'units': 'None', 'on': False}")).toEqual({ units: 'None', on: false });
  });

  it('keeps apostrophes and quotes inside strings (where the regex approach broke)', () => {
    expect(parsePayload(`{'name': "Bob's lamp", 'say': 'he said "hi"'}`)).toEqual({
      name: "Bob's lamp",
      say: 'he said "hi"',
    });
    expect(parsePayload("['it\\'s', 'a\\\\b']")).toEqual(["it's", 'a\\b']);
  });

  it('reads tuples, sets, trailing commas and mixed JSON/Python words', () => {
    expect(parsePayload("{'modes': ('heat', 'off'), 'one': (1,), 'paren': (2), 'e': ()}")).toEqual({
      modes: ['heat', 'off'],
      one: [1],
      paren: 2,
      e: [],
    });
    expect(parsePayload("{'s': {'a', 'b',}, 'empty': set(), 'x': [1, 2,],}")).toEqual({
      s: ['a', 'b'],
      empty: [],
      x: [1, 2],
    });
    expect(parsePayload("{'a': true, 'b': null, 'c': True}")).toEqual({
      a: true,
      b: null,
      c: true,
    });
    expect(parsePayload("{1: 'one', True: 'yes', None: 'no', 2.5: 'x'}")).toEqual({
      1: 'one',
      true: 'yes',
      null: 'no',
      2.5: 'x',
    });
  });

  it('reads Python numbers and escapes', () => {
    expect(
      parsePayload('[1, -2, +3, 4.5, .5, 5., 1e3, 2.5E-2, 1_000, NaN, Infinity, -Infinity]'),
    ).toEqual([
      1,
      -2,
      3,
      4.5,
      0.5,
      5,
      1000,
      0.025,
      1000,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]);
    expect(parsePayload("'\\x41\\u00e9\\U0001F600\\n\\t\\101\\q'")).toBe('Aé😀\n\tA\\q');
  });

  it('never lets a "__proto__" key reach the prototype', () => {
    const value = parsePayload("{'__proto__': {'polluted': True}}") as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('explains garbage with a position', () => {
    expect(parseError(() => parsePayload('hello')).message).toBe(
      'Not valid JSON or a Python literal: unknown word "hello" at position 0 (near "hello").',
    );
    const trailing = parseError(() => parsePayload('{"a": 1} x'));
    expect(trailing.message).toContain('unexpected text after the value at position 9');
    expect(trailing.position).toBe(9);
    expect(parseError(() => parsePayload("{'a': 1")).message).toContain('expected "," or "}"');
    expect(parseError(() => parsePayload("['a")).message).toContain('unterminated string');
    expect(parseError(() => parsePayload('[1 2]')).message).toContain('expected "," or "]"');
    expect(parseError(() => parsePayload("{['x']: 1}")).message).toContain('dictionary key');
    expect(parseError(() => parsePayload('[datetime.datetime(2025, 1, 1)]')).message).toContain(
      'unknown word "datetime"',
    );
    expect(parseError(() => parsePayload('   ')).message).toBe('The payload is empty.');
    expect(parseError(() => parsePayload("'\\x4'")).message).toContain('bad escape');
    expect(parseError(() => parsePayload(`(${'('.repeat(600)}`)).message).toContain(
      'nesting is too deep',
    );
    expect(parseError(() => parsePayload(Uint8Array.from([0x7b, 0xff]))).message).toBe(
      'The payload is not UTF-8 text.',
    );
    expect(parseError(() => parsePayload(42 as unknown as string)).message).toBe(
      'The payload is not text.',
    );
  });

  it('refuses payloads over 20 MB before parsing', () => {
    expect(MAX_PAYLOAD_BYTES).toBe(20 * 1024 * 1024);
    const huge = `"${'a'.repeat(MAX_PAYLOAD_BYTES)}"`;
    expect(parseError(() => parsePayload(huge)).message).toBe('The payload is larger than 20 MB.');
    expect(parseError(() => parsePayload(new Uint8Array(MAX_PAYLOAD_BYTES + 1))).message).toBe(
      'The payload is larger than 20 MB.',
    );
    // Multi-byte text is measured in UTF-8 bytes, not characters.
    expect(() => parsePayload('"éé"', { maxBytes: 5 })).toThrow('larger than');
    expect(parsePayload('"éé"', { maxBytes: 6 })).toBe('éé');
  });

  it('has an exception-free form', () => {});
});

describe('parseStringifiedList', () => {
  it('decodes the list reprs HA writes for list attributes', () => {
    expect(parseStringifiedList("['heat', 'off']")).toEqual(['heat', 'off']);
    expect(parseStringifiedList("('a', 'b')")).toEqual(['a', 'b']);
    expect(parseStringifiedList("{'x', 'y'}")).toEqual(['x', 'y']);
    expect(parseStringifiedList('set()')).toEqual([]);
    expect(parseStringifiedList('[]')).toEqual([]);
    expect(parseStringifiedList(['real'])).toEqual(['real']);
  });

  it('returns undefined for everything that is not a list', () => {
    expect(parseStringifiedList('heat')).toBeUndefined();
    expect(parseStringifiedList("{'a': 1}")).toBeUndefined();
    expect(parseStringifiedList('[broken')).toBeUndefined();
    expect(parseStringifiedList('[datetime.date(2025, 1, 1)]')).toBeUndefined();
    expect(parseStringifiedList('(1)')).toBeUndefined();
    expect(parseStringifiedList(3)).toBeUndefined();
  });
});

describe('payloadObject', () => {
  it('takes objects as they are and parses text', () => {
    const object = { a: 1 };
    expect(payloadObject(object, 'thing')).toEqual({ ok: true, value: object });
    expect(payloadObject("{'a': 1}", 'thing')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('refuses non-objects with an English error', () => {
    expect(payloadObject([1], 'thing')).toEqual({
      ok: false,
      error: 'The thing must be a JSON object, not a list.',
    });
    expect(payloadObject(null, 'thing')).toMatchObject({ error: expect.stringContaining('null') });
    expect(payloadObject('42', 'thing')).toMatchObject({
      error: expect.stringContaining('number'),
    });
    expect(payloadObject('garbage', 'thing')).toMatchObject({
      error: expect.stringMatching(/^The thing could not be read: Not valid JSON/),
    });
  });
});
