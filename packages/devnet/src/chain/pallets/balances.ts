import type { Call } from '@polkadot/types/interfaces';
import { u8aEq } from '@polkadot/util';
import { DispatchFailure, type ExecContext, type Origin, signedBy } from '../runtime/context.ts';

/** Balances.ExistentialDeposit of the chain being run (from its metadata). */
const ed = (ctx: ExecContext): bigint => ctx.runtime.existentialDeposit;

export interface Account {
  nonce: number;
  consumers: number;
  providers: number;
  sufficients: number;
  free: bigint;
  reserved: bigint;
  frozen: bigint;
  flags: bigint;
}

const NEW_LOGIC_FLAG = 1n << 127n;

export function readAccount(ctx: ExecContext, who: Uint8Array): Account {
  const info = ctx.read('system', 'account', who)!.toJSON() as {
    nonce: number;
    consumers: number;
    providers: number;
    sufficients?: number;
    data: {
      free: number | string;
      reserved: number | string;
      frozen?: number | string;
      flags?: number | string;
      /** Legacy AccountData (pre-2023 FRAME, Crust): two frozen amounts instead of one. */
      miscFrozen?: number | string;
      feeFrozen?: number | string;
    };
  };
  const { data } = info;
  const legacyFrozen = () => {
    const misc = BigInt(data.miscFrozen ?? 0);
    const fee = BigInt(data.feeFrozen ?? 0);
    return misc > fee ? misc : fee;
  };
  return {
    nonce: info.nonce,
    consumers: info.consumers,
    providers: info.providers,
    sufficients: info.sufficients ?? 0,
    free: BigInt(data.free),
    reserved: BigInt(data.reserved),
    frozen: data.frozen === undefined ? legacyFrozen() : BigInt(data.frozen),
    flags: BigInt(data.flags ?? 0),
  };
}

export function writeAccount(ctx: ExecContext, who: Uint8Array, account: Account): void {
  if (
    account.providers === 0 &&
    account.free === 0n &&
    account.reserved === 0n &&
    account.nonce === 0
  ) {
    ctx.remove('system', 'account', who);
    return;
  }
  ctx.write('system', 'account', [who], {
    nonce: account.nonce,
    consumers: account.consumers,
    providers: account.providers,
    sufficients: account.sufficients,
    // Each layout takes its own fields: frozen and flags, or the legacy miscFrozen/feeFrozen.
    data: {
      free: account.free,
      reserved: account.reserved,
      frozen: account.frozen,
      flags: account.flags || NEW_LOGIC_FLAG,
      miscFrozen: account.frozen,
      feeFrozen: account.frozen,
    },
  });
}

function tokenError(reason: string): never {
  throw new DispatchFailure({ Token: reason });
}

/** Credits `amount` to `who`, creating the account (NewAccount, Endowed) when it did not exist. */
export function credit(ctx: ExecContext, who: Uint8Array, amount: bigint): void {
  const account = readAccount(ctx, who);
  const isNew = account.providers === 0;
  if (isNew && amount < ed(ctx)) tokenError('BelowMinimum');
  account.free += amount;
  if (isNew) {
    account.providers = 1;
    ctx.deposit('System', 'NewAccount', { account: who });
    ctx.deposit('Balances', 'Endowed', { account: who, freeBalance: amount });
  }
  writeAccount(ctx, who, account);
}

/**
 * Takes `amount` from `who`'s free balance. `keepAlive` refuses to go below the existential
 * deposit (Preserve); otherwise a remainder below it is dust and the account is reaped.
 */
export function debit(ctx: ExecContext, who: Uint8Array, amount: bigint, keepAlive: boolean): void {
  const account = readAccount(ctx, who);
  if (account.free < amount) tokenError('FundsUnavailable');
  const rest = account.free - amount;
  if (rest < account.frozen) tokenError('Frozen');
  if (keepAlive && rest < ed(ctx) && account.reserved === 0n) tokenError('NotExpendable');
  account.free = rest;
  if (rest < ed(ctx) && account.reserved === 0n) {
    if (rest > 0n) ctx.deposit('Balances', 'DustLost', { account: who, amount: rest });
    account.free = 0n;
    account.providers = 0;
    writeAccount(ctx, who, { ...account, nonce: 0 });
    ctx.deposit('System', 'KilledAccount', { account: who });
    return;
  }
  writeAccount(ctx, who, account);
}

export function transfer(
  ctx: ExecContext,
  from: Uint8Array,
  to: Uint8Array,
  amount: bigint,
  keepAlive: boolean,
): void {
  if (amount === 0n || u8aEq(from, to)) {
    ctx.deposit('Balances', 'Transfer', { from, to, amount });
    return;
  }
  debit(ctx, from, amount, keepAlive);
  credit(ctx, to, amount);
  ctx.deposit('Balances', 'Transfer', { from, to, amount });
}

export function reserve(ctx: ExecContext, who: Uint8Array, amount: bigint): void {
  const account = readAccount(ctx, who);
  if (account.free < amount) ctx.fail('Balances', 'InsufficientBalance');
  account.free -= amount;
  account.reserved += amount;
  if (account.free < account.frozen) ctx.fail('Balances', 'LiquidityRestrictions');
  writeAccount(ctx, who, account);
  ctx.deposit('Balances', 'Reserved', { who, amount });
}

export function unreserve(ctx: ExecContext, who: Uint8Array, amount: bigint): void {
  const account = readAccount(ctx, who);
  const actual = amount < account.reserved ? amount : account.reserved;
  account.reserved -= actual;
  account.free += actual;
  writeAccount(ctx, who, account);
  ctx.deposit('Balances', 'Unreserved', { who, amount: actual });
}

/** Slashes reserved funds and burns them (TotalIssuance falls). */
export function slashReserved(ctx: ExecContext, who: Uint8Array, amount: bigint): bigint {
  const account = readAccount(ctx, who);
  const actual = amount < account.reserved ? amount : account.reserved;
  account.reserved -= actual;
  writeAccount(ctx, who, account);
  ctx.deposit('Balances', 'Slashed', { who, amount: actual });
  const issuance = BigInt(ctx.read('balances', 'totalIssuance')!.toString());
  ctx.write('balances', 'totalIssuance', [], issuance - actual);
  ctx.deposit('Balances', 'Rescinded', { amount: actual });
  return actual;
}

function accountId(multiAddress: unknown): Uint8Array {
  const address = multiAddress as {
    isId: boolean;
    asId: { toU8a(): Uint8Array };
    toU8a(): Uint8Array;
  };
  const bytes = address.toU8a();
  // MultiAddress::Id = 0x00 ++ 32 bytes (the raw bytes; see docs/devnet.md).
  if (bytes.length === 33 && bytes[0] === 0) return bytes.slice(1);
  throw new DispatchFailure('CannotLookup');
}

export function dispatchBalances(ctx: ExecContext, call: Call, origin: Origin): void {
  const args = call.args;
  switch (call.method) {
    case 'transferAllowDeath':
    case 'transferKeepAlive': {
      const from = signedBy(origin);
      const to = accountId(args[0]);
      const value = BigInt(args[1]!.toString());
      transfer(ctx, from, to, value, call.method === 'transferKeepAlive');
      return;
    }
    case 'transferAll': {
      const from = signedBy(origin);
      const to = accountId(args[0]);
      const keepAlive = args[1]!.toJSON() === true;
      const account = readAccount(ctx, from);
      const spendable = account.free - account.frozen;
      const value = keepAlive ? spendable - ed(ctx) : spendable;
      transfer(ctx, from, to, value > 0n ? value : 0n, keepAlive);
      return;
    }
    case 'forceSetBalance': {
      if (origin.kind !== 'root') throw new DispatchFailure('BadOrigin');
      const who = accountId(args[0]);
      const value = BigInt(args[1]!.toString());
      const account = readAccount(ctx, who);
      const issuance = BigInt(ctx.read('balances', 'totalIssuance')!.toString());
      ctx.write('balances', 'totalIssuance', [], issuance - account.free + value);
      if (account.providers === 0 && value >= ed(ctx)) account.providers = 1;
      account.free = value;
      writeAccount(ctx, who, account);
      ctx.deposit('Balances', 'BalanceSet', { who, free: value });
      return;
    }
    default:
      ctx.fail('System', 'CallFiltered');
  }
}
