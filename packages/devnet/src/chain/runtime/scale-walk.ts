import type { PortableRegistry } from '@polkadot/types';
import { compactAt } from '../../common/scale.ts';

/** A type of the metadata's registry, reduced to what skipping its encoding needs. */
type Shape =
  | { kind: 'fixed'; bytes: number }
  | { kind: 'str' }
  | { kind: 'compact' }
  | { kind: 'bits' }
  | { kind: 'fields'; types: number[] }
  | { kind: 'variant'; variants: Map<number, number[]> }
  | { kind: 'sequence'; type: number }
  | { kind: 'array'; len: number; type: number };

const PRIMITIVE_BYTES: Record<string, number> = {
  Bool: 1,
  Char: 4,
  U8: 1,
  I8: 1,
  U16: 2,
  I16: 2,
  U32: 4,
  I32: 4,
  U64: 8,
  I64: 8,
  U128: 16,
  I128: 16,
  U256: 32,
  I256: 32,
};

/** Why a walk stopped: the bytes do not fit the type, or calls nest too deep. */
export class ScaleWalkError extends Error {
  constructor(
    message: string,
    readonly tooDeep = false,
  ) {
    super(message);
    this.name = 'ScaleWalkError';
  }
}

/** A SCALE compact integer at `at` (dedot's codec): its value (as a number) and byte length. */
function readCompact(bytes: Uint8Array, at: number): [number, number] {
  const { value, length } = compactAt(bytes, at);
  if (at + length > bytes.length) throw new ScaleWalkError('input too short');
  return [Number(value), length];
}

/**
 * Walks SCALE bytes by the metadata's types without building values, with an explicit stack
 * (no recursion): finds how long an encoding is and how deeply one type (the runtime call)
 * nests in it. It lets the node refuse calls nested too deep in time linear in their length,
 * before the full decoder, which recurses per level, ever sees them.
 */
export class ScaleWalker {
  readonly #shapes = new Map<number, Shape>();

  constructor(registry: PortableRegistry) {
    for (const { id, type } of registry.types) {
      this.#shapes.set(id.toNumber(), ScaleWalker.#shapeOf(type.def));
    }
  }

  static #shapeOf(def: PortableRegistry['types'][number]['type']['def']): Shape {
    if (def.isComposite)
      return { kind: 'fields', types: def.asComposite.fields.map((f) => f.type.toNumber()) };
    if (def.isVariant) {
      return {
        kind: 'variant',
        variants: new Map(
          def.asVariant.variants.map((v) => [
            v.index.toNumber(),
            v.fields.map((f) => f.type.toNumber()),
          ]),
        ),
      };
    }
    if (def.isSequence) return { kind: 'sequence', type: def.asSequence.type.toNumber() };
    if (def.isArray)
      return { kind: 'array', len: def.asArray.len.toNumber(), type: def.asArray.type.toNumber() };
    if (def.isTuple) return { kind: 'fields', types: def.asTuple.map((t) => t.toNumber()) };
    if (def.isCompact) return { kind: 'compact' };
    if (def.isBitSequence) return { kind: 'bits' };
    if (def.isPrimitive) {
      const name = def.asPrimitive.type;
      if (name === 'Str') return { kind: 'str' };
      const bytes = PRIMITIVE_BYTES[name];
      if (bytes !== undefined) return { kind: 'fixed', bytes };
    }
    throw new Error(`the metadata has a type the devnet cannot walk: ${def.type}`);
  }

  #isByte(id: number): boolean {
    const shape = this.#shapes.get(id);
    return shape?.kind === 'fixed' && shape.bytes === 1;
  }

  /**
   * Walks one value of type `root` starting at `at`. Returns the offset after it. Throws
   * ScaleWalkError when the bytes end early or do not fit, or when `nested` values nest more
   * than `maxDepth` levels below the outermost one.
   */
  walk(bytes: Uint8Array, at: number, root: number, nested: number, maxDepth: number): number {
    // Each task: a type to walk `count` times, or (type -1) leaving a nested value.
    const tasks: { type: number; count: number }[] = [{ type: root, count: 1 }];
    let p = at;
    let depth = -1;
    while (tasks.length > 0) {
      const task = tasks[tasks.length - 1]!;
      if (task.type === -1) {
        tasks.pop();
        depth -= 1;
        continue;
      }
      if (task.count === 0) {
        tasks.pop();
        continue;
      }
      task.count -= 1;
      const type = task.type;
      if (type === nested) {
        depth += 1;
        if (depth > maxDepth) {
          throw new ScaleWalkError(`nested deeper than ${maxDepth} levels`, true);
        }
        tasks.push({ type: -1, count: 1 });
      }
      const shape = this.#shapes.get(type);
      if (!shape) throw new ScaleWalkError(`unknown type ${type}`);
      switch (shape.kind) {
        case 'fixed':
          p += shape.bytes;
          break;
        case 'compact':
          p += readCompact(bytes, p)[1];
          break;
        case 'str': {
          const [len, size] = readCompact(bytes, p);
          p += size + len;
          break;
        }
        case 'bits': {
          const [bits, size] = readCompact(bytes, p);
          p += size + Math.ceil(bits / 8);
          break;
        }
        case 'fields':
          for (let i = shape.types.length - 1; i >= 0; i--) {
            tasks.push({ type: shape.types[i]!, count: 1 });
          }
          break;
        case 'variant': {
          const index = bytes[p];
          if (index === undefined) throw new ScaleWalkError('input too short');
          const fields = shape.variants.get(index);
          if (!fields) throw new ScaleWalkError(`no variant ${index} in type ${type}`);
          p += 1;
          for (let i = fields.length - 1; i >= 0; i--) tasks.push({ type: fields[i]!, count: 1 });
          break;
        }
        case 'sequence': {
          const [len, size] = readCompact(bytes, p);
          p += size;
          if (this.#isByte(shape.type)) p += len;
          else {
            // Every element takes at least a byte in the types a call can hold.
            if (len > bytes.length - p) throw new ScaleWalkError('sequence longer than the input');
            if (len > 0) tasks.push({ type: shape.type, count: len });
          }
          break;
        }
        case 'array':
          if (this.#isByte(shape.type)) p += shape.len;
          else if (shape.len > 0) tasks.push({ type: shape.type, count: shape.len });
          break;
      }
      if (p > bytes.length) throw new ScaleWalkError('input too short');
    }
    return p;
  }
}
