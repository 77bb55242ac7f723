import { compactU128, DecodeBuffer } from 'dedot/shape';

/**
 * A SCALE compact integer at `at`, read with dedot's codec: its value and its byte length. Bytes
 * that do not hold a whole compact there give a length reaching past their end, so a caller that
 * walks on finds itself out of range rather than at a made-up position.
 */
export function compactAt(bytes: Uint8Array, at: number): { value: bigint; length: number } {
  const buffer = new DecodeBuffer(bytes);
  buffer.index = at;
  try {
    const value = compactU128.subDecode(buffer);
    return { value, length: buffer.index - at };
  } catch {
    return { value: 0n, length: bytes.length - at + 1 };
  }
}
