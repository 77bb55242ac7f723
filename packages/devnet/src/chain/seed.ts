import { Keyring } from '@polkadot/keyring';
import { stringToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsU8a } from '@polkadot/util-crypto';
import type { ExecContext } from './context.ts';
import { devAccounts } from './dev-accounts.ts';
import { EXISTENTIAL_DEPOSIT, readAccount, writeAccount } from './pallets/balances.ts';

/** The controller of the seeded home: a well-known test mnemonic, ed25519 (facts/interop.md §9.1). */
export const SEED_CONTROLLER_MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank yellow';

/** "altruist" right-aligned in 32 bytes: the topic the Altruist page looks for. */
const ALTRUIST_TOPIC = `0x${'00'.repeat(24)}${Buffer.from('altruist').toString('hex')}`;

/**
 * A demo scenario written into genesis (npm start): open auctions, Alice's active Daily
 * subscription with Bob (ed25519) and a controller as devices, a Lifetime subscription for Dave,
 * a few datalog records and a digital twin. Genesis configuration, as a chain spec would carry.
 */
export function seedGenesis(ctx: ExecContext, issuance: bigint): bigint {
  const accounts = devAccounts();
  const byName = (name: string, type: 'sr25519' | 'ed25519') =>
    accounts.find((a) => a.name === name && a.type === type)!;
  const alice = byName('Alice', 'sr25519');
  const bobEd = byName('Bob', 'ed25519');
  const dave = byName('Dave', 'sr25519');
  const controller = new Keyring({ ss58Format: 32 }).addFromUri(
    SEED_CONTROLLER_MNEMONIC,
    {},
    'ed25519',
  );
  const now = ctx.now;

  // Open auctions anyone can bid on.
  const kind = { Daily: { days: 30 } };
  for (let index = 0; index < 3; index++)
    ctx.write('rws', 'auction', [index], { winner: null, bestPrice: 0, kind });
  ctx.write('rws', 'auctionQueue', [], [0, 1, 2]);
  ctx.write('rws', 'auctionNext', [], 3);

  // Alice's home: an active 30-day subscription, herself, Bob and the controller as devices.
  // Free weight as after a long idle time: the seeded home publishes and takes commands at once
  // (a fresh Daily subscription earns one small call every few minutes).
  ctx.write('rws', 'ledger', [alice.publicKey], {
    freeWeight: 1_000_000_000_000_000n,
    issueTime: now,
    lastUpdate: now,
    kind,
  });
  ctx.write(
    'rws',
    'devices',
    [alice.publicKey],
    [alice.publicKey, bobEd.publicKey, controller.publicKey],
  );
  ctx.write('rws', 'ledger', [dave.publicKey], {
    freeWeight: 0,
    issueTime: now,
    lastUpdate: now,
    kind: { Lifetime: { tps: 1_000_000 } },
  });
  ctx.write('rws', 'devices', [dave.publicKey], [dave.publicKey]);

  // The controller pays its own transactions if it has to.
  const funds = 100n * 1_000_000_000n;
  const account = readAccount(ctx, controller.publicKey);
  writeAccount(ctx, controller.publicKey, { ...account, providers: 1, free: funds });
  issuance += funds;

  // Some history: datalog records of Alice and a twin with an "altruist" topic.
  const records = [
    'devnet started',
    '{"temperature": 21.5, "humidity": 40}',
    'hello from the devnet',
  ];
  records.forEach((text, i) => {
    ctx.write(
      'datalog',
      'datalogItem',
      [[alice.publicKey, i]],
      [now - BigInt((records.length - i) * 60_000), u8aToHex(stringToU8a(text))],
    );
  });
  ctx.write('datalog', 'datalogIndex', [alice.publicKey], { start: 0, end: records.length });
  ctx.write('digitalTwin', 'total', [], 1);
  ctx.write('digitalTwin', 'owner', [0], alice.publicKey);
  const demoTopic = u8aToHex(blake2AsU8a(stringToU8a('robonomics devnet demo topic')));
  ctx.write(
    'digitalTwin',
    'digitalTwin',
    [0],
    new Map([
      [ALTRUIST_TOPIC, u8aToHex(bobEd.publicKey)],
      [demoTopic, u8aToHex(alice.publicKey)],
    ]),
  );

  if (funds < EXISTENTIAL_DEPOSIT) throw new Error('seed funds below the existential deposit');
  return issuance;
}
