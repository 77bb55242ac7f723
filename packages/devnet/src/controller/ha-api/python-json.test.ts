import { execFileSync } from 'node:child_process';
import { parsePayload } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import { EMPTY_HOME_STATES } from '@robonomics-dapp/robonomics/twin/controller-twin';
import { describe, expect, it } from 'vitest';
import {
  clonePython,
  PythonFloat,
  parseJsonKeepingFloats,
  pythonFloatRepr,
  toPythonJson,
} from './python-json.ts';

describe('toPythonJson', () => {
  it('writes json.dumps defaults: spaced separators and ASCII escapes', () => {
    expect(toPythonJson({ a: 1, b: [1, 'x'], c: null, d: true, e: {}, f: [] })).toBe(
      '{"a": 1, "b": [1, "x"], "c": null, "d": true, "e": {}, "f": []}',
    );
    expect(toPythonJson({ name: 'Лампа 😀', ctl: '\u0001\n"\\', del: '\u007f' })).toBe(
      '{"name": "\\u041b\\u0430\\u043c\\u043f\\u0430 \\ud83d\\ude00", "ctl": "\\u0001\\n\\"\\\\", "del": "\\u007f"}',
    );
    expect(toPythonJson([Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 10n, undefined])).toBe(
      '[NaN, Infinity, -Infinity, 10, null]',
    );
    expect(toPythonJson({ skipped: undefined, kept: 0 })).toBe('{"kept": 0}');
    expect(() => toPythonJson(Symbol('x'))).toThrow('cannot be serialized');
  });

  it('writes numbers as json.dumps does, the same bytes as python3 for the same document', () => {
    const text =
      '{"int": 1, "float": 1.0, "tiny": 1e-07, "small": 0.0001, "big": 1e16, "neg": -0.5, ' +
      '"huge": 1.5e300, "e": 2.5E-5, "list": [7.0, 7, 0.1, 100.0, 1e21, 9007199254740991], ' +
      '"nested": {"min": -5.0, "text": "1.0 \\"q\\" Лампа"}}';
    const ours = toPythonJson(parseJsonKeepingFloats(text));
    const python = execFileSync(
      'python3',
      ['-c', 'import json,sys; sys.stdout.write(json.dumps(json.load(sys.stdin)))'],
      { input: text, encoding: 'utf8' },
    );
    expect(ours).toBe(python);
    expect(ours).toContain('"float": 1.0, "tiny": 1e-07');
  });

  it('writes float repr like Python', () => {
    const cases: [number, string][] = [
      [21, '21.0'],
      [0.1, '0.1'],
      [1e-5, '1e-05'],
      [1.5e-5, '1.5e-05'],
      [1e16, '1e+16'],
      [1e15, '1000000000000000.0'],
      [-0, '-0.0'],
      [Number.NaN, 'nan'],
      [Number.POSITIVE_INFINITY, 'inf'],
    ];
    for (const [value, repr] of cases) expect(pythonFloatRepr(value)).toBe(repr);
    expect(toPythonJson([new PythonFloat(3), 3, 0.5, new PythonFloat(Number.NaN)])).toBe(
      '[3.0, 3, 0.5, NaN]',
    );
  });

  it('keeps floats through a copy and leaves strings alone', () => {
    const value = parseJsonKeepingFloats('{"a": [1.0, "2.0", {"b": 3e0}], "c": 4}');
    expect(toPythonJson(clonePython(value))).toBe('{"a": [1.0, "2.0", {"b": 3.0}], "c": 4}');
    expect(parseJsonKeepingFloats('{"x": 1}')).toEqual({ x: 1 });
  });

  it('round-trips through parsePayload', () => {
    const value = { entities: { 'light.lamp': { state: 'on', attributes: { hs: [1.5, 2] } } } };
    expect(parsePayload(toPythonJson(value))).toEqual(value);
  });
});

describe("the app's texts written as Home Assistant writes them", () => {
  it("the empty home's states are json.dumps's text of no devices, no entities, no twin", () => {
    expect(toPythonJson({ devices: {}, entities: {}, twin_id: -1 })).toBe(EMPTY_HOME_STATES);
  });
});
