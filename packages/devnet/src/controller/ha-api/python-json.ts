import { MAX_DEPTH } from '@robonomics-dapp/robonomics/home-assistant/python-payload';

/**
 * JSON as Home Assistant's Python writes it (json.dumps with its defaults, floats with repr()),
 * which the devnet's Home Assistant publishes and answers with. The app only reads such text
 * (the library's python-payload.ts); the writer lives here so the app does not carry it.
 */

/**
 * A Python float whose value JavaScript would print as an integer (21.0): json.dumps writes
 * floats with repr(), so the type must travel with the value. Plain numbers that are not safe
 * integers are floats anyway.
 */
export class PythonFloat {
  constructor(readonly value: number) {}

  toJSON(): number {
    return this.value;
  }
}

/** Python's repr() of a float: "21.0", "0.1", "1e-05", "1e+16", "-0.0", "inf", "nan". */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Object.is(value, -0)) return '-0.0';
  const abs = Math.abs(value);
  // repr switches to exponent notation below 1e-4 and from 1e16 on; JS at 1e-7 and 1e21.
  if (abs !== 0 && (abs >= 1e16 || abs < 1e-4)) {
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    const sign = exponent[0] === '-' ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  const text = String(value);
  return text.includes('.') ? text : `${text}.0`;
}

/**
 * JSON.parse that keeps the float/int distinction of the text: a number written with a fraction
 * or an exponent ("7.0", "1e-07") becomes a PythonFloat, as Python's json.loads makes it a float.
 */
export function parseJsonKeepingFloats(text: string): unknown {
  const floats: number[] = [];
  // Re-read the number tokens the way JSON spells them, outside strings, in order.
  const tokens = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  for (const match of text.matchAll(tokens)) {
    const token = match[0];
    if (token[0] !== '"' && /[.eE]/.test(token)) floats.push(match.index);
  }
  if (floats.length === 0) return JSON.parse(text);
  // Mark each float token so the reviver can tell it from an integer: "7.0" -> "\u0000f7.0".
  let marked = '';
  let last = 0;
  const number = /-?[\d.eE+-]+/y;
  for (const index of floats) {
    number.lastIndex = index;
    const end = index + number.exec(text)![0].length;
    marked += `${text.slice(last, index)}"\\u0000f${text.slice(index, end)}"`;
    last = end;
  }
  marked += text.slice(last);
  return JSON.parse(marked, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith('\u0000f')
      ? new PythonFloat(Number(value.slice(2)))
      : value,
  );
}

/** A deep copy that keeps PythonFloat values (structuredClone would drop their class). */
export function clonePython<T>(value: T): T {
  if (value instanceof PythonFloat) return new PythonFloat(value.value) as T;
  if (Array.isArray(value)) return value.map(clonePython) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, clonePython(item)]),
    ) as T;
  }
  return value;
}

/**
 * Serializes like Python's json.dumps with its defaults (", " and ": " separators, ensure_ascii),
 * the format HA publishes: integers as integers, floats with repr() (PythonFloat for the floats
 * JavaScript cannot tell from integers).
 */
export function toPythonJson(value: unknown): string {
  return dumps(value, 0);
}

function floatText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return pythonFloatRepr(value);
}

function dumps(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) throw new Error('The value is nested too deeply to serialize.');
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isSafeInteger(value) ? String(value) : floatText(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return asciiString(value);
  }
  if (value instanceof PythonFloat) return floatText(value.value);
  if (Array.isArray(value)) {
    return `[${value.map((item) => dumps(item, depth + 1)).join(', ')}]`;
  }
  if (typeof value === 'object') {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      parts.push(`${asciiString(key)}: ${dumps(item, depth + 1)}`);
    }
    return `{${parts.join(', ')}}`;
  }
  throw new Error(`A ${typeof value} cannot be serialized as JSON.`);
}

/** JSON string with every non-ASCII UTF-16 unit as \uXXXX, as ensure_ascii does. */
function asciiString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
