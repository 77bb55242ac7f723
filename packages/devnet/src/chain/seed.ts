import { Keyring } from '@polkadot/keyring';
import { stringToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsU8a } from '@polkadot/util-crypto';
import type { ExecContext } from './context.ts';
import { DEV_PHRASE, devAccounts } from './dev-accounts.ts';
import { EXISTENTIAL_DEPOSIT, readAccount, writeAccount } from './pallets/balances.ts';

/** The controller of the seeded home: a well-known test mnemonic, ed25519 (facts/interop.md §9.1). */
export const SEED_CONTROLLER_MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank yellow';

/**
 * A second user of the seeded home, with a plain 12-word phrase of its own (a BIP39 test vector,
 * no derivation path): ed25519, a device of Alice's subscription, funded to sign.
 */
export const SEED_SECOND_USER_MNEMONIC =
  'letter advice cage absurd amount doctor acoustic avoid letter advice cage above';

/** "altruist" / "energy" right-aligned in 32 bytes: the topics the sensor pages look for. */
const ALTRUIST_TOPIC = `0x${'00'.repeat(24)}${Buffer.from('altruist').toString('hex')}`;
const ENERGY_TOPIC = `0x${'00'.repeat(26)}${Buffer.from('energy').toString('hex')}`;
const DAY_MS = 86_400_000;
/** Datalog.WindowSize - 1: the most records a ring holds (start == end means empty). */
const WINDOW = 127;

/** A smooth daily curve with a little deterministic noise, for believable sensor data. */
function daily(i: number, base: number, swing: number, noise: number, digits = 1): number {
  const phase = (i / WINDOW) * 2 * Math.PI;
  const jitter = Math.sin(i * 12.9898) * 43758.5453;
  const value =
    base + swing * Math.sin(phase - Math.PI / 2) + noise * (jitter - Math.floor(jitter) - 0.5);
  return Number(value.toFixed(digits));
}

/** A day of records in a sensor's ring, oldest first, one every 24 h / 127. */
function writeSensorDay(
  ctx: ExecContext,
  account: Uint8Array,
  now: bigint,
  record: (i: number) => string,
) {
  for (let i = 0; i < WINDOW; i++) {
    const time = now - BigInt(Math.round(((WINDOW - i) * DAY_MS) / WINDOW));
    ctx.write('datalog', 'datalogItem', [[account, i]], [time, u8aToHex(stringToU8a(record(i)))]);
  }
  // A full ring: the next record moves `start` on.
  ctx.write('datalog', 'datalogIndex', [account], { start: 0, end: WINDOW });
}

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
  const secondUser = new Keyring({ ss58Format: 32 }).addFromUri(
    SEED_SECOND_USER_MNEMONIC,
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

  // Alice's home: an active 30-day subscription, herself, Bob, the controller and a second user
  // as devices.
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
    [alice.publicKey, bobEd.publicKey, controller.publicKey, secondUser.publicKey],
  );
  ctx.write('rws', 'ledger', [dave.publicKey], {
    freeWeight: 0,
    issueTime: now,
    lastUpdate: now,
    kind: { Lifetime: { tps: 1_000_000 } },
  });
  ctx.write('rws', 'devices', [dave.publicKey], [dave.publicKey]);

  // The controller and the second user pay their own transactions if they have to.
  const funds = 100n * 1_000_000_000n;
  for (const funded of [controller, secondUser]) {
    const account = readAccount(ctx, funded.publicKey);
    writeAccount(ctx, funded.publicKey, { ...account, providers: 1, free: funds });
    issuance += funds;
  }

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
  // An Altruist outdoor sensor and an energy monitor with a day of readings each.
  const keyring = new Keyring({ ss58Format: 32 });
  const altruist = keyring.addFromUri(`${DEV_PHRASE}//AltruistDemo`, {}, 'ed25519');
  const energy = keyring.addFromUri(`${DEV_PHRASE}//EnergyDemo`, {}, 'ed25519');
  writeSensorDay(ctx, altruist.publicKey, now, (i) =>
    [
      `p1:${daily(i, 18, 6, 4)}`,
      `p2:${daily(i, 9, 3, 2)}`,
      `t:${daily(i, 14, 5, 0.6)}`,
      `h:${daily(i, 62, -12, 3, 0)}`,
      `p:${daily(i, 1013, 2, 1, 0)}`,
      `nm:${daily(i, 56, 8, 10, 0)}`,
      `na:${daily(i, 44, 6, 4, 0)}`,
    ].join(','),
  );
  writeSensorDay(ctx, energy.publicKey, now, (i) => {
    const power = daily(i, 420, 260, 120, 0);
    return JSON.stringify({
      power,
      voltage: daily(i, 229, 2, 2),
      current: Number((power / 229).toFixed(2)),
    });
  });
  ctx.write('digitalTwin', 'total', [], 1);
  ctx.write('digitalTwin', 'owner', [0], alice.publicKey);
  const demoTopic = u8aToHex(blake2AsU8a(stringToU8a('robonomics devnet demo topic')));
  ctx.write(
    'digitalTwin',
    'digitalTwin',
    [0],
    new Map([
      [ALTRUIST_TOPIC, u8aToHex(altruist.publicKey)],
      [ENERGY_TOPIC, u8aToHex(energy.publicKey)],
      [demoTopic, u8aToHex(alice.publicKey)],
    ]),
  );

  if (funds < EXISTENTIAL_DEPOSIT) throw new Error('seed funds below the existential deposit');
  return issuance;
}
