import type { CrustChain } from './chain-description.ts';

/** How an included extrinsic ended: its System.ExtrinsicSuccess or ExtrinsicFailed event. */
export type ExtrinsicOutcome =
  | { ok: true }
  | { ok: false; module: { pallet: number; error: number } | null; kind: number };

/** Byte length of a SCALE compact integer from its first byte. */
function compactLength(first: number): number {
  const mode = first & 3;
  return mode === 0 ? 1 : mode === 1 ? 2 : mode === 2 ? 4 : (first >> 2) + 5;
}

const u32At = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/**
 * Finds the outcome of extrinsic `index` in a block's System.Events bytes.
 *
 * Legacy (V13) metadata names event fields without describing their types, so events of other
 * pallets cannot be skipped by decoding them. The extrinsic's last event, though, is always
 * System.ExtrinsicSuccess(DispatchInfo) or System.ExtrinsicFailed(DispatchError, DispatchInfo),
 * whose layout is fixed: phase ApplyExtrinsic(index), the System pallet and event indices, the
 * error, the dispatch info, no topics, then the end of the events or the next record's phase.
 * The last place where all of that holds is the outcome (docs/crust.md).
 */
export function findExtrinsicOutcome(
  chain: CrustChain,
  events: Uint8Array,
  index: number,
): ExtrinsicOutcome | null {
  const { pallet, success, failed } = chain.systemEvents;
  // DispatchError variants with a one-byte payload (Token, Arithmetic, Transactional), which
  // moved by one when TooManyConsumers was added after 2021.
  const withByte = chain.metadataVersion === 13 ? [6, 7] : [7, 8, 9];
  let found: ExtrinsicOutcome | null = null;
  for (let p = compactLength(events[0] ?? 0); p + 7 <= events.length; p++) {
    if (events[p] !== 0 || u32At(events, p + 1) !== index || events[p + 5] !== pallet) continue;
    const kind = events[p + 6];
    if (kind !== success && kind !== failed) continue;
    let q = p + 7;
    let outcome: ExtrinsicOutcome = { ok: true };
    if (kind === failed) {
      const variant = events[q++]!;
      if (variant === 3) {
        outcome = { ok: false, module: { pallet: events[q]!, error: events[q + 1]! }, kind: 3 };
        q += 1 + chain.moduleErrorBytes;
      } else {
        outcome = { ok: false, module: null, kind: variant };
        if (withByte.includes(variant)) q += 1;
      }
    }
    // DispatchInfo: the weight, the class (0-2) and pays_fee (0-1).
    if (chain.weight === 'u64') q += 8;
    else {
      q += compactLength(events[q] ?? 0);
      q += compactLength(events[q] ?? 0);
    }
    if ((events[q] ?? 3) > 2 || (events[q + 1] ?? 2) > 1) continue;
    q += 2;
    if (events[q] !== 0) continue; // no topics
    q += 1;
    const next = events[q];
    const ends =
      q === events.length ||
      next === 1 ||
      next === 2 ||
      (next === 0 && q + 5 <= events.length && u32At(events, q + 1) > index);
    if (ends) found = outcome;
  }
  return found;
}
