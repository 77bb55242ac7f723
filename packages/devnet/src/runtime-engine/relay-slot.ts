import type { Block, BuildBlockParams, InherentProvider } from '@acala-network/chopsticks-core';
import { bnToU8a, hexToU8a, u8aConcat, u8aToBigInt, u8aToHex } from '@polkadot/util';
import type { HexString } from '@polkadot/util/types';
import { xxhashAsU8a } from '@polkadot/util-crypto';
import type { Chopsticks } from './chopsticks.ts';

/** A relay chain slot lasts 6 s, whatever the parachain's block time. */
const RELAY_SLOT_MS = 6_000n;

/**
 * Where a parachain reads the relay chain's current slot in the relay state proof of its
 * validation data: the relay chain's `Babe.CurrentSlot`, twox128("Babe") ++
 * twox128("CurrentSlot") (polkadot-sdk's well-known key CURRENT_SLOT).
 */
export const RELAY_CURRENT_SLOT_KEY: HexString = u8aToHex(
  u8aConcat(xxhashAsU8a('Babe', 128), xxhashAsU8a('CurrentSlot', 128)),
);

/**
 * The relay slot a block's validation data must carry so that the runtime accepts its timestamp,
 * or null when Chopsticks' own (the parent's relay slot moved on by one block) already does.
 *
 * The runtime's consensus hook (cumulus' aura-ext) refuses a block whose Aura slot lies beyond
 * the relay slot in its validation data ("Parachain slot is too far in the future"). Chopsticks
 * moves that relay slot by one block's worth per block, while `dev_timeTravel` moves the
 * parachain's clock by as much as it is told: after a jump of days every block was refused. So
 * when the block's timestamp is ahead of the relay slot, the relay slot jumps with it (to the slot
 * the timestamp falls in); it never goes back, which the hook would refuse too.
 */
async function relaySlotFor(chopsticks: Chopsticks, block: Block): Promise<bigint | null> {
  const parent = await block.parentBlock;
  if (!parent) return null;
  const meta = await parent.meta;
  // AuraExt.RelaySlotInfo (SlotInfo in older cumulus releases): the relay slot of the parent's
  // validation data, and the blocks built in it.
  const slotInfo = meta.query.auraExt?.relaySlotInfo ?? meta.query.auraExt?.slotInfo;
  if (!slotInfo) return null;
  const stored = await parent.get(chopsticks.compactHex(slotInfo()));
  if (!stored) return null;
  const parentRelaySlot = u8aToBigInt(hexToU8a(stored).subarray(0, 8), { isLe: true });
  // As Chopsticks' timestamp inherent: the parent's timestamp plus one slot.
  const slotMs = BigInt(await chopsticks.getSlotDuration(block));
  const timestamp = (await chopsticks.getCurrentTimestamp(parent)) + slotMs;
  const needed = timestamp / RELAY_SLOT_MS;
  const chopsticksNext = parentRelaySlot + (slotMs / RELAY_SLOT_MS || 1n);
  return needed > chopsticksNext ? needed : null;
}

/**
 * Chopsticks' inherent providers, each given build parameters in which the relay chain's slot
 * follows the block's timestamp (see relaySlotFor), unless the caller of `dev_newBlock` set that
 * slot itself in `relayChainStateOverrides`. Only the validation data inherent reads the
 * overrides; the slot is worked out once per block.
 */
export function relaySlotFollowingTime(
  chopsticks: Chopsticks,
  providers: readonly InherentProvider[],
): InherentProvider[] {
  const paramsByBlock = new WeakMap<Block, Promise<BuildBlockParams>>();
  const paramsFor = async (block: Block, params: BuildBlockParams): Promise<BuildBlockParams> => {
    const overrides = params.relayChainStateOverrides ?? [];
    if (overrides.some(([key]) => key === RELAY_CURRENT_SLOT_KEY)) return params;
    const slot = await relaySlotFor(chopsticks, block);
    if (slot === null) return params;
    // A Slot is a u64, SCALE-encoded little-endian.
    const encoded = u8aToHex(bnToU8a(slot, { bitLength: 64, isLe: true }));
    return {
      ...params,
      relayChainStateOverrides: [...overrides, [RELAY_CURRENT_SLOT_KEY, encoded]],
    };
  };
  return providers.map((provider) => ({
    createInherents: async (block, params) => {
      let adjusted = paramsByBlock.get(block);
      if (!adjusted) {
        adjusted = paramsFor(block, params);
        paramsByBlock.set(block, adjusted);
      }
      return provider.createInherents(block, await adjusted);
    },
  }));
}
