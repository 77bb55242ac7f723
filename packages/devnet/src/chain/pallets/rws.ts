import type { Call } from '@polkadot/types/interfaces';
import { u8aEq, u8aToHex } from '@polkadot/util';
import {
  DAY_MS,
  type KindCodec,
  kindFromCodecJson,
  kindToCodec,
  ledgerFromCodecJson,
} from '../../common/runtime-rules.ts';
import {
  DispatchFailure,
  type ExecContext,
  ensureRoot,
  type Origin,
  signedBy,
} from '../runtime/context.ts';
import { reserve, slashReserved, unreserve } from './balances.ts';

export const MAX_DEVICES = 32;
const DAY = BigInt(DAY_MS);
const U32 = 1n << 32n;
const U64 = 1n << 64n;

type Kind = KindCodec;

interface Ledger {
  freeWeight: bigint;
  issueTime: bigint;
  lastUpdate: bigint;
  kind: Kind;
}

/** Subscription kind from a codec's JSON, whose enum keys are lower camel case. */
const toKind = (json: unknown): Kind => kindToCodec(kindFromCodecJson(json));

function readLedger(ctx: ExecContext, who: Uint8Array): Ledger | null {
  const value = ctx.read('rws', 'ledger', who);
  if (!value) return null;
  const ledger = ledgerFromCodecJson(value.toJSON());
  return { ...ledger, kind: kindToCodec(ledger.kind) };
}

function writeLedger(ctx: ExecContext, who: Uint8Array, ledger: Ledger): void {
  ctx.write('rws', 'ledger', [who], ledger);
}

/**
 * Accrues free weight since the last update and takes the call's weight (pallet
 * update_subscription). The runtime computes days * DAY in u32 and the accrual in u64 without
 * overflow checks, so both wrap as on the real chain.
 */
function updateSubscription(ctx: ExecContext, owner: Uint8Array, callWeight: bigint): void {
  const ledger = readLedger(ctx, owner);
  if (!ledger) ctx.fail('RWS', 'NoSubscription');
  const now = ctx.now;
  let utps: bigint;
  if ('Lifetime' in ledger.kind) utps = BigInt(ledger.kind.Lifetime.tps);
  else {
    const duration = (BigInt(ledger.kind.Daily.days) * DAY) % U32;
    utps = now < ledger.issueTime + duration ? 10_000n : 0n;
  }
  const reference = BigInt(ctx.runtime.decorated.consts.rws.referenceCallWeight.toString());
  const delta = now > ledger.lastUpdate ? now - ledger.lastUpdate : 0n;
  const accrued = ((((reference * utps) % U64) * delta) % U64) / 1_000_000_000n;
  ledger.freeWeight = (ledger.freeWeight + accrued) % U64;
  ledger.lastUpdate = now;
  if (ledger.freeWeight < callWeight) ctx.fail('RWS', 'FreeWeightIsNotEnough');
  ledger.freeWeight -= callWeight;
  writeLedger(ctx, owner, ledger);
}

function auctionQueue(ctx: ExecContext): number[] {
  return (ctx.read('rws', 'auctionQueue')!.toJSON() as number[]) ?? [];
}

/** The weight of a call (for rws.call): set by the dispatcher for the inner call. */
export type CallWeight = (call: Call) => bigint;

export function dispatchRws(
  ctx: ExecContext,
  call: Call,
  origin: Origin,
  callWeight: CallWeight,
): void {
  const args = call.args;
  switch (call.method) {
    case 'call': {
      const sender = signedBy(origin);
      const owner = args[0]!.toU8a();
      const inner = args[1] as unknown as Call;
      const devices = ctx.read('rws', 'devices', owner)!.toU8a();
      const list = decodeAccounts(devices);
      if (!list.some((d) => u8aEq(d, sender))) ctx.fail('RWS', 'NotLinkedDevice');
      updateSubscription(ctx, owner, callWeight(inner));
      // The inner call runs as the device; its failure fails the whole extrinsic.
      ctx.dispatch(inner, { kind: 'signed', who: sender });
      ctx.deposit('RWS', 'NewCall', [sender, { Ok: null }]);
      return;
    }
    case 'bid': {
      const sender = signedBy(origin);
      const index = Number(args[0]!.toString());
      const amount = BigInt(args[1]!.toString());
      if (!auctionQueue(ctx).includes(index)) ctx.fail('RWS', 'NotLiveAuction');
      const auction = ctx.read('rws', 'auction', index);
      if (!auction) ctx.fail('RWS', 'NotExistAuction');
      const json = auction.toJSON() as {
        winner: string | null;
        bestPrice: number | string;
        kind: Kind;
      };
      const best = BigInt(json.bestPrice);
      if (json.winner) {
        if (!(best < amount)) ctx.fail('RWS', 'TooSmallBid');
        reserve(ctx, sender, amount);
        unreserve(ctx, ctx.runtime.registry.createType('AccountId32', json.winner).toU8a(), best);
      } else {
        const minimal = BigInt(ctx.runtime.decorated.consts.rws.minimalBid.toString());
        if (!(minimal < amount)) ctx.fail('RWS', 'TooSmallBid');
        reserve(ctx, sender, amount);
      }
      // Account ids go in as hex: inside an Option a Uint8Array would be read as encoded bytes.
      ctx.write('rws', 'auction', [index], {
        winner: u8aToHex(sender),
        bestPrice: amount,
        kind: toKind(json.kind),
      });
      ctx.deposit('RWS', 'NewBid', [index, sender, amount]);
      return;
    }
    case 'setDevices': {
      const sender = signedBy(origin);
      const devices = args[0] as unknown as { length: number; toU8a(): Uint8Array };
      if (devices.length > MAX_DEVICES) throw new DispatchFailure('Exhausted');
      ctx.write('rws', 'devices', [sender], devices);
      ctx.deposit('RWS', 'NewDevices', [sender, devices]);
      return;
    }
    case 'setOracle': {
      ensureRoot(origin);
      const bytes = args[0]!.toU8a();
      ctx.write('rws', 'oracle', [], bytes.slice(bytes.length - 32));
      return;
    }
    case 'setSubscription': {
      const sender = signedBy(origin);
      const oracle = ctx.read('rws', 'oracle');
      if (!oracle || !u8aEq(oracle.toU8a(), sender)) ctx.fail('RWS', 'OracleOnlyCall');
      const target = args[0]!.toU8a();
      const kind = toKind(args[1]!.toJSON());
      writeLedger(ctx, target, { freeWeight: 0n, issueTime: ctx.now, lastUpdate: ctx.now, kind });
      ctx.deposit('RWS', 'NewSubscription', [target, kind]);
      return;
    }
    case 'startAuction': {
      ensureRoot(origin);
      const kind = toKind(args[0]!.toJSON());
      const index = Number(ctx.read('rws', 'auctionNext')!.toString());
      ctx.write('rws', 'auctionNext', [], index + 1);
      const queue = auctionQueue(ctx);
      if (queue.length < 4096) {
        ctx.write('rws', 'auctionQueue', [], [...queue, index]);
        ctx.write('rws', 'auction', [index], { winner: null, bestPrice: 0, kind });
        ctx.deposit('RWS', 'NewAuction', [kind, index]);
      } else {
        ctx.deposit('RWS', 'NewAuctionCreationError', [index]);
      }
      return;
    }
    case 'transfer': {
      const sender = signedBy(origin);
      const target = args[0]!.toU8a();
      if (readLedger(ctx, target)) ctx.fail('RWS', 'TargetAlreadyHasSubscription');
      const ledger = readLedger(ctx, sender);
      if (!ledger) ctx.fail('RWS', 'NoSubscription');
      ctx.remove('rws', 'ledger', sender);
      writeLedger(ctx, target, ledger);
      ctx.deposit('RWS', 'UpdateSubscriptionOwner', [sender, target]);
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}

function decodeAccounts(bytes: Uint8Array): Uint8Array[] {
  // Vec<AccountId32>: compact length then 32-byte ids.
  const mode = bytes[0]! & 3;
  const offset = mode === 0 ? 1 : mode === 1 ? 2 : 4;
  const result: Uint8Array[] = [];
  for (let i = offset; i + 32 <= bytes.length; i += 32) result.push(bytes.slice(i, i + 32));
  return result;
}

/**
 * Auction rotation (on_initialize every AuctionDuration blocks): every auction with a winner
 * ends; the bid is slashed and burnt, and the winner's ledger is written with the previous
 * block's timestamp. No RWS event marks a win.
 */
export function rotateAuctions(ctx: ExecContext, blockNumber: number): void {
  if (blockNumber % ctx.runtime.auctionDuration !== 0) return;
  const queue = auctionQueue(ctx);
  const remaining: number[] = [];
  for (const index of queue) {
    const auction = ctx.read('rws', 'auction', index);
    const json = auction?.toJSON() as
      | { winner: string | null; bestPrice: number | string; kind: Kind }
      | undefined;
    if (!json?.winner) {
      remaining.push(index);
      continue;
    }
    const winner = ctx.runtime.registry.createType('AccountId32', json.winner).toU8a();
    slashReserved(ctx, winner, BigInt(json.bestPrice));
    writeLedger(ctx, winner, {
      freeWeight: 0n,
      issueTime: ctx.now,
      lastUpdate: ctx.now,
      kind: json.kind,
    });
  }
  if (remaining.length !== queue.length) ctx.write('rws', 'auctionQueue', [], remaining);
}
