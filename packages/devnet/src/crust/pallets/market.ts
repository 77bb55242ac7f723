import type { Call } from '@polkadot/types/interfaces';
import type { Codec } from '@polkadot/types/types';
import { hexToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsU8a } from '@polkadot/util-crypto';
import { readAccount, transfer } from '../../chain/pallets/balances.ts';
import { type ExecContext, type Origin, signedBy } from '../../chain/runtime/context.ts';
import { compactAt } from '../../common/scale.ts';
import { CRUST_CONSTANTS, marketPot } from '../constants.ts';

/** REWARD_PERSON: the first four replicas are paid from the file's amount. */
const REWARD_PERSON = 4;
const MB = 1_048_576n;

/** Blocks between an order (or the previous replica) and the next simulated replica report. */
export const REPLICA_INTERVAL_BLOCKS = 2;
/** How many storage nodes the devnet simulates: each file ends up with this many replicas. */
export const SIMULATED_REPLICAS = 4;

/** A simulated storage node (sWorker): its group owner account and its anchor (sWorker key). */
export function simulatedNode(index: number): { owner: Uint8Array; anchor: Uint8Array } {
  return {
    owner: blake2AsU8a(`crust-devnet/merchant/${index}`),
    anchor: blake2AsU8a(`crust-devnet/sworker/${index}`, 512),
  };
}

/** The account of the crust-spower service that reports replicas on the devnet. */
export const SPOWER_SUPERIOR = blake2AsU8a('crust-devnet/spower-superior');

export interface Replica {
  who: Uint8Array;
  validAt: number;
  anchor: Uint8Array;
  isReported: boolean;
  createdAt: number | null;
}

export interface FileInfo {
  fileSize: bigint;
  spower: bigint;
  expiredAt: number;
  calculatedAt: number;
  amount: bigint;
  prepaid: bigint;
  reportedReplicaCount: number;
  remainingPaidCount: number;
  /** Group owner (hex) → replica. */
  replicas: Map<string, Replica>;
}

type Num = Codec & { toBigInt(): bigint; toNumber(): number };
type Fields = Codec & { get(name: string): Codec | undefined };

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A struct field by its camelCase name: V14 metadata gives camelCase fields, the legacy types of
 * Crust mainnet (V13) keep the Rust snake_case names.
 */
function field<T extends Codec = Num>(struct: Codec, name: string): T {
  const fields = struct as Fields;
  const value = fields.get(name) ?? fields.get(snake(name));
  if (!value) throw new Error(`FileInfoV2 has no field ${name}`);
  return value as T;
}

/** The same values under both spellings: each registry takes the one its type declares. */
function bothSpellings(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = v;
    out[snake(key)] = v;
  }
  return out;
}

/** FilesV2(cid); the cid as hex of its bytes. */
export function readFile(ctx: ExecContext, cid: string): FileInfo | null {
  const value = ctx.read('market', 'filesV2', cid);
  if (!value) return null;
  const replicas = new Map<string, Replica>();
  for (const [owner, r] of field<Codec & Map<Codec, Codec>>(value, 'replicas')) {
    const createdAt = field<Codec & { isSome: boolean; unwrap(): Num }>(r, 'createdAt');
    replicas.set(u8aToHex(owner.toU8a()), {
      who: field(r, 'who').toU8a(),
      validAt: field(r, 'validAt').toNumber(),
      anchor: field(r, 'anchor').toU8a(true),
      isReported: field<Codec & { isTrue: boolean }>(r, 'isReported').isTrue,
      createdAt: createdAt.isSome ? createdAt.unwrap().toNumber() : null,
    });
  }
  return {
    fileSize: field(value, 'fileSize').toBigInt(),
    spower: field(value, 'spower').toBigInt(),
    expiredAt: field(value, 'expiredAt').toNumber(),
    calculatedAt: field(value, 'calculatedAt').toNumber(),
    amount: field(value, 'amount').toBigInt(),
    prepaid: field(value, 'prepaid').toBigInt(),
    reportedReplicaCount: field(value, 'reportedReplicaCount').toNumber(),
    remainingPaidCount: field(value, 'remainingPaidCount').toNumber(),
    replicas,
  };
}

function writeFile(ctx: ExecContext, cid: string, file: FileInfo): void {
  const replicas = new Map(
    [...file.replicas].map(([owner, r]) => [
      owner,
      bothSpellings({
        who: r.who,
        validAt: r.validAt,
        // Bytes go in as hex: a Uint8Array would be read as already length-prefixed.
        anchor: u8aToHex(r.anchor),
        isReported: r.isReported,
        createdAt: r.createdAt,
      }),
    ]),
  );
  ctx.write('market', 'filesV2', [cid], bothSpellings({ ...file, replicas }));
}

const readBalance = (ctx: ExecContext, item: string): bigint =>
  (ctx.read<Num>('market', item) as Num).toBigInt();

/** Perbill * value, rounding to the nearest with ties down (sp-arithmetic's NearestPrefDown). */
export function perbill(parts: bigint, value: bigint): bigint {
  const product = value * parts;
  const quotient = product / 1_000_000_000n;
  return product % 1_000_000_000n > 500_000_000n ? quotient + 1n : quotient;
}

/** get_file_fee: (FileBaseFee, FileByteFee × size in MB rounded up + FileKeysCountFee). */
export function fileFee(ctx: ExecContext, fileSize: bigint): { base: bigint; amount: bigint } {
  const megabytes = fileSize / MB + (fileSize % MB === 0n ? 0n : 1n);
  return {
    base: readBalance(ctx, 'fileBaseFee'),
    amount: readBalance(ctx, 'fileByteFee') * megabytes + readBalance(ctx, 'fileKeysCountFee'),
  };
}

/** usable_balance: free minus what locks and freezes hold. */
function usable(ctx: ExecContext, who: Uint8Array): bigint {
  const account = readAccount(ctx, who);
  return account.free > account.frozen ? account.free - account.frozen : 0n;
}

/** Currency::transfer: a zero amount moves nothing and emits nothing. */
function pay(ctx: ExecContext, from: Uint8Array, to: Uint8Array, amount: bigint): void {
  if (amount > 0n) transfer(ctx, from, to, amount, false);
}

/**
 * 72% of the amount to the staking pot, 18% plus the tips to the storage pot, the rest with the
 * base fee to the reserved pot; returns what went to the storage pot (the file's value).
 */
function splitIntoPots(
  ctx: ExecContext,
  who: Uint8Array,
  amount: bigint,
  baseFee: bigint,
  tips: bigint,
): bigint {
  const { stakingRatioPerbill, storageRatioPerbill } = CRUST_CONSTANTS.market;
  const staking = perbill(BigInt(stakingRatioPerbill), amount);
  const storage = perbill(BigInt(storageRatioPerbill), amount);
  const reserved = amount + baseFee - staking - storage;
  pay(ctx, who, marketPot('rese'), reserved);
  pay(ctx, who, marketPot('stak'), staking);
  pay(ctx, who, marketPot('stor'), storage + tips);
  return storage + tips;
}

function placeStorageOrder(
  ctx: ExecContext,
  origin: Origin,
  cid: string,
  reportedFileSize: bigint,
  tips: bigint,
): void {
  const enabled = ctx.read('market', 'enableMarket')!.toJSON() === true;
  if (!enabled) ctx.fail('Market', 'PlaceOrderNotAvailable');
  const who = signedBy(origin);
  const existing = readFile(ctx, cid);
  let charged = reportedFileSize;
  if (existing) {
    if (existing.fileSize <= reportedFileSize) charged = existing.fileSize;
    else ctx.fail('Market', 'FileSizeNotCorrect');
  }
  if (charged >= CRUST_CONSTANTS.market.maximumFileSize) ctx.fail('Market', 'FileTooLarge');
  const { base, amount } = fileFee(ctx, charged);
  if (usable(ctx, who) < base + amount + tips) ctx.fail('Market', 'InsufficientCurrency');
  const value = splitIntoPots(ctx, who, amount, base, tips);

  const now = ctx.blockNumber;
  if (existing) {
    // Ready to be closed (expired_at == calculated_at): refresh from now.
    if (existing.expiredAt === existing.calculatedAt) existing.calculatedAt = now;
    existing.expiredAt =
      existing.replicas.size === 0 ? 0 : now + CRUST_CONSTANTS.market.fileDuration;
    existing.amount += value;
    writeFile(ctx, cid, existing);
  } else {
    writeFile(ctx, cid, {
      fileSize: charged,
      spower: 0n,
      expiredAt: 0,
      calculatedAt: now,
      amount: value,
      prepaid: 0n,
      reportedReplicaCount: 0,
      remainingPaidCount: REWARD_PERSON,
      replicas: new Map(),
    });
    const keys = ctx.read<Num>('market', 'fileKeysCount')!.toNumber();
    ctx.write('market', 'fileKeysCount', [], keys + 1);
  }
  ctx.write('market', 'hasNewOrder', [], true);
  const orders = ctx.read<Num>('market', 'ordersCount')!.toNumber();
  ctx.write('market', 'ordersCount', [], Math.min(orders + 1, 0xffff_ffff));
  ctx.deposit('Market', 'FileSuccess', [who, cid]);
}

function addPrepaid(ctx: ExecContext, origin: Origin, cid: string, amount: bigint): void {
  const who = signedBy(origin);
  if (usable(ctx, who) < amount) ctx.fail('Market', 'InsufficientCurrency');
  const file = readFile(ctx, cid);
  if (!file) ctx.fail('Market', 'FileNotExist');
  pay(ctx, who, marketPot('stor'), amount);
  file.prepaid += amount;
  writeFile(ctx, cid, file);
  ctx.deposit('Market', 'AddPrepaidSuccess', [who, cid, amount]);
}

export function dispatchMarket(ctx: ExecContext, call: Call, origin: Origin): void {
  const args = call.args;
  // MerkleRoot = Vec<u8>: the raw bytes (the CID string's UTF-8 for the apps), as hex.
  const cid = u8aToHex(args[0]!.toU8a(true));
  switch (call.method) {
    case 'placeStorageOrder':
      placeStorageOrder(ctx, origin, cid, BigInt(args[1]!.toString()), BigInt(args[2]!.toString()));
      return;
    case 'addPrepaid':
      addPrepaid(ctx, origin, cid, BigInt(args[1]!.toString()));
      return;
    default:
      ctx.fail('System', 'CallFiltered');
  }
}

/** calculate_reward_amount: 2.5 / (18 − 2.5·k) of the file's amount for the k-th paid replica. */
function rewardAmount(remainingPaidCount: number, amount: bigint): bigint {
  const parts = { 4: 138_888_888n, 3: 161_290_320n, 2: 192_307_690n, 1: 238_095_240n }[
    remainingPaidCount
  ];
  return parts === undefined ? 0n : perbill(parts, amount);
}

/**
 * The number of replicas of an encoded FileInfoV2, read without decoding it: file_size, spower
 * (u64), expired_at, calculated_at (u32), amount, prepaid (compact), two u32, then the map's
 * compact length. Keeps the per-block scan cheap once files have all their replicas.
 */
export function replicaCountOf(value: string): number {
  const bytes = hexToU8a(value);
  let p = 24;
  p += compactAt(bytes, p).length;
  p += compactAt(bytes, p).length;
  p += 8;
  return Number(compactAt(bytes, p).value);
}

/**
 * The devnet's stand-in for the storage network and the crust-spower service: every
 * REPLICA_INTERVAL_BLOCKS blocks after an order, one more simulated node reports the file, until
 * SIMULATED_REPLICAS hold it. Applied as update_replicas would (upsert_replica), in on_initialize,
 * with UpdateReplicasSuccess from the spower superior.
 */
export function reportReplicas(ctx: ExecContext, blockNumber: number): void {
  const prefix = ctx.runtime.prefix('market', 'filesV2');
  let changed = 0;
  for (const key of ctx.state.keys(prefix)) {
    const raw = ctx.state.get(key);
    if (!raw || replicaCountOf(raw) >= SIMULATED_REPLICAS) continue;
    // Twox64Concat: prefix ++ twox64 (8 bytes) ++ SCALE(cid) (compact length ++ bytes).
    const encoded = ctx.runtime.decode('Bytes', `0x${key.slice(prefix.length + 16)}`);
    const cid = u8aToHex(encoded.toU8a(true));
    const file = readFile(ctx, cid);
    if (!file || file.replicas.size >= SIMULATED_REPLICAS) continue;
    let last = file.calculatedAt;
    for (const replica of file.replicas.values()) last = Math.max(last, replica.validAt);
    if (blockNumber < last + REPLICA_INTERVAL_BLOCKS) continue;
    const node = simulatedNode(file.replicas.size);
    file.replicas.set(u8aToHex(node.owner), {
      who: node.owner,
      validAt: blockNumber,
      anchor: node.anchor,
      isReported: true,
      createdAt: blockNumber,
    });
    file.reportedReplicaCount += 1;
    if (file.remainingPaidCount > 0) {
      // The node's reward is booked to its (unmodelled) benefit ledger; the CRU stay in the pot.
      const reward = rewardAmount(file.remainingPaidCount, file.amount);
      file.amount -= reward;
      file.remainingPaidCount -= 1;
    }
    if (file.expiredAt === 0) {
      file.calculatedAt = blockNumber;
      file.expiredAt = blockNumber + CRUST_CONSTANTS.market.fileDuration;
    }
    writeFile(ctx, cid, file);
    changed += 1;
  }
  if (changed === 0) return;
  ctx.write('market', 'lastReplicasUpdateBlock', [], blockNumber);
  ctx.deposit('Market', 'UpdateReplicasSuccess', [
    SPOWER_SUPERIOR,
    blockNumber,
    changed,
    blockNumber,
  ]);
}

/** Whether some file still waits for simulated replicas (so more blocks would change it). */
export function awaitingReplicas(ctx: ExecContext): boolean {
  const prefix = ctx.runtime.prefix('market', 'filesV2');
  for (const key of ctx.state.keys(prefix)) {
    const value = ctx.state.get(key);
    if (value && replicaCountOf(value) < SIMULATED_REPLICAS) return true;
  }
  return false;
}
