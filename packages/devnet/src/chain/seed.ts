import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import type { Codec } from '@polkadot/types/types';
import { stringToU8a, u8aToHex } from '@polkadot/util';
import { blake2AsU8a, cryptoWaitReady } from '@polkadot/util-crypto';
import { DAY_MS } from '../common/runtime-rules.ts';
import { DEV_PHRASE, XRT } from './pallets/dev-accounts.ts';

/** The controller of the seeded home: a well-known BIP-39 test mnemonic, ed25519. */
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
/** Datalog.WindowSize - 1: the most records a ring holds (start == end means empty). */
const WINDOW = 127;
/** Free weight as after a long idle time: the seeded home publishes and takes commands at once. */
const SEEDED_FREE_WEIGHT = 1_000_000_000_000_000n;

/** A smooth daily curve with a little deterministic noise, for believable sensor data. */
function daily(i: number, base: number, swing: number, noise: number, digits = 1): number {
  const phase = (i / WINDOW) * 2 * Math.PI;
  const jitter = Math.sin(i * 12.9898) * 43758.5453;
  const value =
    base + swing * Math.sin(phase - Math.PI / 2) + noise * (jitter - Math.floor(jitter) - 0.5);
  return Number(value.toFixed(digits));
}

export interface SeedOptions {
  /**
   * Whether a transaction needs a `dev_newBlock` to be included (a chain that seals on a timer
   * rather than right after each transaction).
   */
  sealWithNewBlock: boolean;
}

/** The accounts of the scenario. */
function scenarioAccounts() {
  const sr = new Keyring({ ss58Format: 32, type: 'sr25519' });
  const ed = new Keyring({ ss58Format: 32, type: 'ed25519' });
  return {
    alice: sr.addFromUri('//Alice'),
    dave: sr.addFromUri('//Dave'),
    bobEd: ed.addFromUri('//Bob'),
    controller: ed.addFromUri(SEED_CONTROLLER_MNEMONIC),
    secondUser: ed.addFromUri(SEED_SECOND_USER_MNEMONIC),
    altruist: ed.addFromUri(`${DEV_PHRASE}//AltruistDemo`),
    energy: ed.addFromUri(`${DEV_PHRASE}//EnergyDemo`),
    formerOwner: sr.addFromUri('//Former owner'),
    newOwner: sr.addFromUri('//New owner'),
  };
}

/** The SCALE bytes of a storage value, typed by the chain's own metadata. */
function storageValue(api: ApiPromise, entry: { creator: { meta: Codec } }, value: unknown) {
  const type = (
    entry.creator.meta as unknown as {
      type: { isMap: boolean; asMap: { value: Codec }; asPlain: Codec };
    }
  ).type;
  const lookup = api.registry.createLookupType(
    (type.isMap ? type.asMap.value : type.asPlain) as never,
  );
  return api.createType(lookup, value).toHex();
}

/**
 * The demo scenario of `npm start`, written through the chain's JSON-RPC so that both engines
 * get it from the same code: open auctions, Alice's active Daily subscription with herself,
 * Bob (ed25519), a controller and a second user (ed25519, a phrase of its own) as devices, a Lifetime subscription for Dave, a few datalog
 * records and a digital twin pointing to two sensors, as transactions; then, through
 * dev_setStorage, what no transaction can produce: a day of past sensor readings and the free
 * weight of a subscription that has been idle for a long time.
 */
export async function seedScenario(url: string, options: SeedOptions): Promise<void> {
  await cryptoWaitReady();
  const provider = new WsProvider(url, false);
  await provider.connect();
  const api = await ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true });
  try {
    const { alice, dave, bobEd, controller, secondUser, altruist, energy, formerOwner, newOwner } =
      scenarioAccounts();
    const newBlock = () => provider.send('dev_newBlock', [{ count: 1 }]);
    const send = async (tx: SubmittableExtrinsic<'promise'>, signer: KeyringPair) => {
      const done = submitWatched(api, tx, signer);
      if (options.sealWithNewBlock) {
        await done.ready;
        await newBlock();
      }
      await done.inBlock;
    };
    const daily30 = { Daily: { days: 30 } };
    const twin = Number(
      ((await api.query.digitalTwin.total()) as unknown as Codec).toString() || 0,
    );
    const demoTopic = u8aToHex(blake2AsU8a(stringToU8a('robonomics devnet demo topic')));
    const records = [
      'devnet started',
      '{"temperature": 21.5, "humidity": 40}',
      'hello from the devnet',
    ];
    await Promise.all([
      send(
        api.tx.utility.batchAll([
          // Open auctions anyone can bid on: Alice is the sudo key.
          api.tx.sudo.sudo(
            api.tx.utility.batchAll([0, 1, 2].map(() => api.tx.rws.startAuction(daily30))),
          ),
          // Alice is also the RWS oracle: her 30-day subscription and Dave's Lifetime one.
          api.tx.rws.setSubscription(alice.address, daily30),
          api.tx.rws.setSubscription(dave.address, { Lifetime: { tps: 1_000_000 } }),
          api.tx.rws.setDevices([
            alice.address,
            bobEd.address,
            controller.address,
            secondUser.address,
          ]),
          // The controller and the second user pay their own transactions if they have to.
          api.tx.balances.transferKeepAlive(controller.address, 100n * XRT),
          api.tx.balances.transferKeepAlive(secondUser.address, 100n * XRT),
          ...records.map((text) => api.tx.datalog.record(text)),
          // A twin pointing to an Altruist outdoor sensor and an energy monitor.
          api.tx.digitalTwin.create(),
          api.tx.digitalTwin.setSource(twin, ALTRUIST_TOPIC, altruist.address),
          api.tx.digitalTwin.setSource(twin, ENERGY_TOPIC, energy.address),
          api.tx.digitalTwin.setSource(twin, demoTopic, alice.address),
        ]),
        alice,
      ),
      send(api.tx.rws.setDevices([dave.address]), dave),
    ]);
    // A subscription that changed hands (where the runtime can transfer one: runtime 43): given
    // to one account, transferred by it to another.
    if (api.tx.rws.transfer) {
      await send(
        api.tx.utility.batchAll([
          api.tx.balances.transferKeepAlive(formerOwner.address, 10n * XRT),
          api.tx.rws.setSubscription(formerOwner.address, daily30),
        ]),
        alice,
      );
      await send(api.tx.rws.transfer(newOwner.address), formerOwner);
    }

    const changes: [string, string][] = [];
    const ledger = (await api.query.rws.ledger(alice.address)) as unknown as Codec & {
      isSome: boolean;
      unwrap(): Codec;
    };
    if (!ledger.isSome) throw new Error("Alice's subscription was not written");
    changes.push([
      api.query.rws.ledger.key(alice.address),
      storageValue(api, api.query.rws.ledger as never, {
        ...(ledger.unwrap().toJSON() as object),
        freeWeight: SEEDED_FREE_WEIGHT,
      }),
    ]);
    const now = Number(((await api.query.timestamp.now()) as unknown as Codec).toString());
    const sensorDay = (account: KeyringPair, record: (i: number) => string) => {
      for (let i = 0; i < WINDOW; i++) {
        const time = now - Math.round(((WINDOW - i) * DAY_MS) / WINDOW);
        changes.push([
          api.query.datalog.datalogItem.key([account.address, i]),
          storageValue(api, api.query.datalog.datalogItem as never, [
            time,
            u8aToHex(stringToU8a(record(i))),
          ]),
        ]);
      }
      // A full ring: the next record moves `start` on.
      changes.push([
        api.query.datalog.datalogIndex.key(account.address),
        storageValue(api, api.query.datalog.datalogIndex as never, { start: 0, end: WINDOW }),
      ]);
    };
    sensorDay(altruist, (i) =>
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
    sensorDay(energy, (i) => {
      const power = daily(i, 420, 260, 120, 0);
      return JSON.stringify({
        power,
        voltage: daily(i, 229, 2, 2),
        current: Number((power / 229).toFixed(2)),
      });
    });
    await provider.send('dev_setStorage', [changes]);
  } finally {
    await api.disconnect();
  }
}

/** Submits with a watch, exposing when the pool took it and when it is in a block. */
function submitWatched(
  api: ApiPromise,
  tx: SubmittableExtrinsic<'promise'>,
  signer: KeyringPair,
): { ready: Promise<void>; inBlock: Promise<void> } {
  const what = `${tx.method.section}.${tx.method.method} by ${signer.address}`;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const inBlock = new Promise<void>((resolve, reject) => {
    tx.signAndSend(signer, { nonce: -1 }, (result) => {
      if (result.status.isReady || result.status.isFuture) markReady();
      if (result.status.isInBlock) {
        markReady();
        const failure = result.events.find(
          ({ event }) =>
            api.events.system.ExtrinsicFailed.is(event) ||
            api.events.utility.BatchInterrupted.is(event) ||
            (api.events.sudo.Sudid.is(event) && event.data.sudoResult.isErr),
        );
        if (failure)
          reject(new Error(`${what} failed: ${JSON.stringify(failure.event.toHuman())}`));
        else resolve();
      } else if (result.isError) reject(new Error(`${what}: ${result.status.type}`));
    }).catch(reject);
  });
  return { ready, inBlock };
}
