import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import type { Codec } from '@polkadot/types/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { metadataHashOf } from '@robonomics-dapp/robonomics/chain/metadata/hash';
import { XRT as XRT_TOKEN } from '@robonomics-dapp/robonomics/chain/network/network-identity';

/** What one step of the scenario did, in terms both engines can be compared on. */
export interface StepRecord {
  step: string;
  /** Who signed it. */
  signer: string;
  /** "ok", "failed: <error>" or "refused: <code> <message>" (at submission). */
  outcome: string;
  /** The transaction's events: "section.method data", chain-time values removed. */
  events: string[];
  /** paymentInfo's partial fee and weight, and the fee actually paid. */
  fee?: { partial: string; refTime: string; proofSize: string; paid: string | null };
  /**
   * A call through a subscription: what it took from the free weight, and the ref time the
   * runtime declares for the inner call alone (its paymentInfo less the extensions' part).
   */
  weight?: { took: string; declared: string };
}

/** Storage read after the scenario, by name. */
export type StorageRecord = Record<string, unknown>;

/** A subscription that earned for a while, then paid one record. */
export interface AccrualRecord {
  /** The ledger's last update before (ms, set by hand) and after the call (the block's time). */
  since: number;
  at: number;
  /** Free weight after the call, and the record's weight it paid. */
  freeWeight: string;
  took: string;
}

export interface ScenarioResult {
  steps: StepRecord[];
  storage: StorageRecord;
  accrual?: AccrualRecord;
}

const XRT = 1_000_000_000n;

/** A DispatchError by name: module errors through the chain's own metadata. */
function errorText(api: ApiPromise, error: Codec): string {
  const dispatch = error as unknown as { isModule?: boolean; asModule: Codec };
  if (dispatch.isModule) {
    const meta = api.registry.findMetaError(dispatch.asModule as never);
    return `${meta.section}.${meta.name}`;
  }
  const json = error.toJSON() as Record<string, unknown> | string;
  return typeof json === 'string' ? json : JSON.stringify(json);
}

/**
 * An event as both engines can be compared on: the chain-clock moment of a datalog record, the
 * weights of a dispatch (each spec's benchmarks) and error indices (each spec's error list)
 * give way to what they mean.
 */
function eventText(api: ApiPromise, event: Codec & { section: string; method: string }): string {
  const name = `${event.section}.${event.method}`;
  const fields = (event as unknown as { data: Codec[] }).data;
  let data: unknown[] = [...fields].map((field) => field.toJSON());
  if (name === 'datalog.NewRecord') data = [data[0], '<moment>', data[2]];
  if (name === 'system.ExtrinsicSuccess' || name === 'system.ExtrinsicFailed') {
    const info = fields[fields.length - 1]!.toJSON() as { class: string; paysFee: string };
    data = [
      ...(name === 'system.ExtrinsicFailed' ? [errorText(api, fields[0]!)] : []),
      { class: info.class, paysFee: info.paysFee },
    ];
  }
  if (name === 'utility.BatchInterrupted') data = [data[0], errorText(api, fields[1]!)];
  if (name === 'sudo.Sudid') {
    const result = fields[0] as unknown as { isErr: boolean; asErr: Codec };
    data = [result.isErr ? errorText(api, result.asErr) : 'ok'];
  }
  return `${name} ${JSON.stringify(data)}`;
}

export class ScenarioRunner {
  readonly records: StepRecord[] = [];
  readonly keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });

  private constructor(
    readonly api: ApiPromise,
    readonly provider: WsProvider,
  ) {}

  static async connect(url: string): Promise<ScenarioRunner> {
    await cryptoWaitReady();
    const provider = new WsProvider(url);
    const api = await ApiPromise.create({ provider, noInitWarn: true });
    return new ScenarioRunner(api, provider);
  }

  pair(uri: string, type: 'sr25519' | 'ed25519' = 'sr25519'): KeyringPair {
    return this.keyring.addFromUri(uri, {}, type);
  }

  /** Submits, waits for the block, and records outcome, events and fees. */
  async step(
    name: string,
    tx: SubmittableExtrinsic<'promise'>,
    signer: KeyringPair,
    options: { fee?: boolean; mode?: number; metadataHash?: string } = {},
  ): Promise<StepRecord> {
    const { api } = this;
    const info = options.fee === false ? null : await tx.paymentInfo(signer);
    const record: StepRecord = { step: name, signer: signer.address, outcome: '', events: [] };
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        // A transaction that never reaches a block is an outcome too, not a hung suite.
        timer = setTimeout(() => reject(new Error('no block within 30 s')), 30_000);
        const { mode, metadataHash } = options;
        tx.signAndSend(signer, { nonce: -1, mode, metadataHash }, (result) => {
          if (typeof result.status.toJSON() === 'object' && !result.status.type) {
            reject(new Error(`status ${JSON.stringify(result.status.toJSON())}`));
          }
          if (!result.status.isInBlock && !result.status.isFinalized) {
            if (result.isError) reject(new Error(`status ${result.status.type}`));
            return;
          }
          record.outcome = result.dispatchError
            ? `failed: ${errorText(api, result.dispatchError)}`
            : 'ok';
          record.events = result.events.map(({ event }) => eventText(api, event as never));
          const paid = result.events.find(({ event }) =>
            api.events.transactionPayment.TransactionFeePaid.is(event),
          );
          // Fee amounts depend on each spec's weights: compared separately (see fee below).
          const amounts = new Set([info?.partialFee.toString(), paid?.event.data[1]?.toString()]);
          record.events = record.events.map((text) =>
            /^(balances\.(Withdraw|Deposit)|transactionPayment\.TransactionFeePaid|balances\.Endowed)/.test(
              text,
            )
              ? text.replace(/(?<=[[,])(\d+)(?=[,\]])/g, (n) =>
                  amounts.has(n) && n !== '0' ? '"<fee>"' : n,
                )
              : text,
          );
          if (info) {
            record.fee = {
              partial: info.partialFee.toString(),
              refTime: info.weight.refTime.toString(),
              proofSize: info.weight.proofSize.toString(),
              paid: paid ? (paid.event.data[1] as Codec).toString() : null,
            };
          }
          resolve();
        }).catch(reject);
      });
    } catch (error) {
      const message = (error as Error).message;
      const code = message.match(/^(\d{4}):/)?.[1];
      record.outcome = code ? `refused: ${code}` : `no block: ${message}`;
    } finally {
      clearTimeout(timer);
    }
    if (process.env.DIFFERENTIAL_LOG) console.log(name, '->', record.outcome);
    this.records.push(record);
    return record;
  }

  /** A step whose call only some runtimes have: recorded as missing where it is. */
  async stepIfCall(
    name: string,
    tx: () => SubmittableExtrinsic<'promise'> | undefined,
    signer: KeyringPair,
  ): Promise<void> {
    let built: SubmittableExtrinsic<'promise'> | undefined;
    try {
      built = tx();
    } catch {
      built = undefined;
    }
    if (!built) {
      this.records.push({
        step: name,
        signer: signer.address,
        outcome: 'no such call',
        events: [],
      });
      return;
    }
    await this.step(name, built, signer);
  }

  /** Builds blocks up to (and including) the next one whose number is a multiple of `every`. */
  async passRotation(every: number): Promise<void> {
    const now = (await this.api.rpc.chain.getHeader()).number.toNumber();
    const target = (Math.floor(now / every) + 1) * every;
    await this.provider.send('dev_newBlock', [{ count: target - now }]);
  }

  async setStorage(pairs: [string, string][]): Promise<void> {
    await this.provider.send('dev_setStorage', [pairs]);
  }

  /** A subscription's free weight and last update. */
  async ledger(owner: string): Promise<{ freeWeight: bigint; lastUpdate: number }> {
    const json = (await this.api.query.rws.ledger(owner)).toJSON() as {
      freeWeight: number | string;
      lastUpdate: number | string;
    };
    return { freeWeight: BigInt(json.freeWeight), lastUpdate: Number(json.lastUpdate) };
  }

  /**
   * `rws.call(owner, inner)` by `device`, recorded with what it took from the owner's free weight
   * and the weight the runtime declares for `inner`.
   */
  async callThrough(
    name: string,
    owner: string,
    inner: SubmittableExtrinsic<'promise'>,
    device: KeyringPair,
  ): Promise<StepRecord> {
    const wrapped = this.api.tx.rws.call(owner, inner);
    const [innerInfo, wrappedInfo] = await Promise.all([
      inner.paymentInfo(device),
      wrapped.paymentInfo(device),
    ]);
    const before = await this.ledger(owner);
    const record = await this.step(name, wrapped, device);
    const after = await this.ledger(owner);
    record.weight = {
      took: (before.freeWeight - after.freeWeight).toString(),
      // rws.call declares no weight of its own: its query is the extensions' part alone.
      declared: (
        innerInfo.weight.refTime.toBigInt() - wrappedInfo.weight.refTime.toBigInt()
      ).toString(),
    };
    return record;
  }

  async disconnect(): Promise<void> {
    await this.api.disconnect();
  }
}

/** Accounts of the scenario. */
export function actors(runner: ScenarioRunner) {
  return {
    alice: runner.pair('//Alice'),
    bob: runner.pair('//Bob'),
    charlie: runner.pair('//Charlie'),
    dave: runner.pair('//Dave'),
    eve: runner.pair('//Eve'),
    ferdie: runner.pair('//Ferdie'),
    newcomer: runner.pair('//DifferentialNewcomer'),
    device: runner.pair('//Bob', 'ed25519'),
  };
}

/**
 * One scenario for both engines: transfers, datalog records of every size class, auctions with
 * and without bids across rotations, bids and outbids, device lists at the limit, calls through a
 * subscription with free weight accounting, launches, twins, and every module error the app
 * handles. `full` adds the steps that only re-check what other steps already cover.
 */
export async function runScenario(url: string, full = true): Promise<ScenarioResult> {
  const runner = await ScenarioRunner.connect(url);
  const { api } = runner;
  const a = actors(runner);
  const tx = api.tx;
  const daily30 = { Daily: { days: 30 } };
  try {
    // Transfers.
    await runner.step(
      'transfer to an existing account',
      tx.balances.transferKeepAlive(a.charlie.address, 10n * XRT),
      a.alice,
    );
    await runner.step(
      'transfer creating an account',
      tx.balances.transferKeepAlive(a.newcomer.address, 2n * XRT),
      a.alice,
    );
    await runner.step(
      'transfer below the existential deposit to a new account',
      tx.balances.transferKeepAlive(runner.pair('//DifferentialDust').address, 10n),
      a.alice,
    );
    await runner.step(
      'transfer of more than the balance',
      tx.balances.transferKeepAlive(a.bob.address, 5n * XRT),
      a.newcomer,
    );
    // CheckMetadataHash mode 1: the RFC-0078 hash (XRT, 9) of the metadata the node serves
    // verifies; a signature over another hash does not.
    const served = metadataHashOf((await api.rpc.state.getMetadata()).toU8a(), XRT_TOKEN);
    await runner.step(
      'a transaction committing to the metadata hash (mode 1)',
      tx.system.remark('0x01'),
      a.alice,
      { mode: 1, metadataHash: served },
    );
    await runner.step(
      'a transaction committing to another metadata hash',
      tx.system.remark('0x02'),
      a.alice,
      { fee: false, mode: 1, metadataHash: `0x${'11'.repeat(32)}` },
    );
    // Datalog: 0, 1 and 512 bytes are records; 513 bytes is not.
    await runner.step('datalog.record of 0 bytes', tx.datalog.record(''), a.alice);
    await runner.step('datalog.record of 1 byte', tx.datalog.record('x'), a.alice);
    await runner.step('datalog.record of 512 bytes', tx.datalog.record('r'.repeat(512)), a.alice);
    await runner.step('datalog.record of 513 bytes', tx.datalog.record('r'.repeat(513)), a.alice, {
      fee: false,
    });
    if (full)
      await runner.step(
        'datalog.record of 600 bytes',
        tx.datalog.record('r'.repeat(600)),
        a.alice,
        { fee: false },
      );
    await runner.step('datalog.erase', tx.datalog.erase(), a.ferdie);
    // Auctions: root only, through sudo.
    await runner.step('rws.startAuction without sudo', tx.rws.startAuction(daily30), a.alice);
    await runner.step(
      'sudo by a non-sudo account',
      tx.sudo.sudo(tx.rws.startAuction(daily30)),
      a.bob,
    );
    const next = Number((await api.query.rws.auctionNext()).toString());
    await runner.step(
      'sudo rws.startAuction x2',
      tx.sudo.sudo(
        tx.utility.batchAll([
          tx.rws.startAuction(daily30),
          tx.rws.startAuction({ Lifetime: { tps: 10_000 } }),
        ]),
      ),
      a.alice,
    );
    await runner.step('bid at the minimal bid', tx.rws.bid(next, 1n * XRT), a.bob);
    await runner.step('first bid', tx.rws.bid(next, 2n * XRT), a.bob);
    await runner.step('outbid', tx.rws.bid(next, 3n * XRT), a.charlie);
    await runner.step('bid not above the best', tx.rws.bid(next, 3n * XRT), a.dave);
    await runner.step(
      'bid on an auction that does not exist',
      tx.rws.bid(next + 100, 5n * XRT),
      a.dave,
    );
    await runner.step(
      'setSubscription by a non-oracle',
      tx.rws.setSubscription(a.bob.address, daily30),
      a.bob,
    );
    await runner.passRotation(10);
    await runner.step(
      'bid on the auction nobody bid on, after the rotation',
      tx.rws.bid(next + 1, 2n * XRT),
      a.dave,
    );
    await runner.step('bid on the finished auction', tx.rws.bid(next, 4n * XRT), a.dave);
    // Devices: 32 is the most.
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => runner.pair(`//Device${i}`).address);
    await runner.step(
      'rws.setDevices',
      tx.rws.setDevices([a.charlie.address, a.device.address]),
      a.charlie,
    );
    await runner.step('rws.setDevices with 32 devices', tx.rws.setDevices(many(32)), a.eve);
    await runner.step('rws.setDevices with 33 devices', tx.rws.setDevices(many(33)), a.eve, {
      fee: false,
    });
    // Calls through a subscription.
    await runner.step(
      'rws.call by an account that does not exist',
      tx.rws.call(a.charlie.address, tx.datalog.record('nobody')),
      runner.pair('//DifferentialNobody'),
      { fee: false },
    );
    await runner.step(
      'rws.call by a device that is not linked',
      tx.rws.call(a.charlie.address, tx.datalog.record('no')),
      a.dave,
    );
    await runner.step(
      'rws.call right after the subscription started',
      tx.rws.call(a.charlie.address, tx.datalog.record('too early')),
      a.device,
    );
    await runner.step(
      'rws.setDevices without a subscription',
      tx.rws.setDevices([a.dave.address]),
      a.dave,
    );
    await runner.step(
      'rws.call for an owner without a subscription',
      tx.rws.call(a.dave.address, tx.datalog.record('none')),
      a.dave,
    );
    // Free weight set by hand on an expired Daily subscription, so nothing accrues meanwhile.
    const ledgerEntry = api.query.rws.ledger;
    const ledgerType = api.registry.createLookupType(
      (ledgerEntry.creator.meta.type as unknown as { asMap: { value: Codec } }).asMap
        .value as never,
    );
    const ledger = api.createType(ledgerType, {
      freeWeight: 10_000_000_000n,
      issueTime: 0,
      lastUpdate: 0,
      kind: { Daily: { days: 1 } },
    });
    await runner.setStorage([[ledgerEntry.key(a.charlie.address), ledger.toHex()]]);
    await runner.step(
      'rws.call with enough free weight',
      tx.rws.call(a.charlie.address, tx.datalog.record('through the subscription')),
      a.device,
    );
    // The subscription changes hands (rws.transfer exists from runtime 43).
    await runner.stepIfCall(
      'rws.transfer to an account without a subscription',
      () => tx.rws.transfer?.(a.newcomer.address),
      a.charlie,
    );
    await runner.stepIfCall(
      'rws.transfer to an account that has one',
      () => tx.rws.transfer?.(a.newcomer.address),
      a.newcomer,
    );
    await runner.stepIfCall(
      'rws.transfer back',
      () => tx.rws.transfer?.(a.charlie.address),
      a.newcomer,
    );
    // What a home sends through its subscription (HA's twin, its config topic, its telemetry
    // record, a user's Home Assistant password record), each weighed against the free weight:
    // the ledger set again on the expired subscription, so nothing accrues in between.
    await runner.setStorage([[ledgerEntry.key(a.charlie.address), ledger.toHex()]]);
    const homeTwin = Number(
      ((await api.query.digitalTwin.total()) as unknown as Codec).toString() || 0,
    );
    const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
    const passwordRecord = JSON.stringify({
      subscription: a.charlie.address,
      ha: a.device.address,
      admin: `0x${'a1'.repeat(50)}`,
      user: `0x${'b2'.repeat(50)}`,
    });
    const homeCalls: [string, SubmittableExtrinsic<'promise'>][] = [
      ['digitalTwin.create', tx.digitalTwin.create()],
      [
        'digitalTwin.setSource',
        tx.digitalTwin.setSource(homeTwin, `0x${'44'.repeat(32)}`, a.device.address),
      ],
      ['datalog.record of a CID', tx.datalog.record(cid)],
      [
        `datalog.record of a password record (${passwordRecord.length} bytes)`,
        tx.datalog.record(passwordRecord),
      ],
    ];
    for (const [name, inner] of homeCalls) {
      await runner.callThrough(`a home's ${name}`, a.charlie.address, inner, a.device);
    }
    // A new subscription that earned for 1000 s, then paid one record.
    const chainNow = Number((await api.query.timestamp.now()).toString());
    const since = chainNow - 1_000_000;
    const earning = api.createType(ledgerType, {
      freeWeight: 0,
      issueTime: since,
      lastUpdate: since,
      kind: daily30,
    });
    await runner.setStorage([[ledgerEntry.key(a.charlie.address), earning.toHex()]]);
    await runner.callThrough(
      "a home's record after 1000 s of free weight",
      a.charlie.address,
      tx.datalog.record(cid),
      a.device,
    );
    const earned = await runner.ledger(a.charlie.address);
    const accrual: AccrualRecord = {
      since,
      at: earned.lastUpdate,
      freeWeight: earned.freeWeight.toString(),
      took:
        runner.records.find((r) => r.step === "a home's datalog.record of a CID")?.weight?.took ??
        '0',
    };
    // Launch and twins.
    await runner.step(
      'launch.launch',
      tx.launch.launch(a.bob.address, `0x${'11'.repeat(32)}`),
      a.alice,
    );
    const twin = Number(
      ((await api.query.digitalTwin.total()) as unknown as Codec).toString() || 0,
    );
    await runner.step('digitalTwin.create', tx.digitalTwin.create(), a.alice);
    await runner.step(
      'digitalTwin.setSource',
      tx.digitalTwin.setSource(twin, `0x${'22'.repeat(32)}`, a.bob.address),
      a.alice,
    );
    await runner.step(
      'digitalTwin.setSource by a non-owner',
      tx.digitalTwin.setSource(twin, `0x${'33'.repeat(32)}`, a.bob.address),
      a.bob,
    );
    await runner.step(
      'digitalTwin.removeSource',
      tx.digitalTwin.removeSource(twin, `0x${'22'.repeat(32)}`, a.bob.address),
      a.alice,
    );
    // Batches.
    await runner.step(
      'utility.batch interrupted',
      tx.utility.batch([tx.datalog.record('first'), tx.rws.bid(next + 100, 5n * XRT)]),
      a.eve,
    );
    await runner.step(
      'utility.batchAll failing',
      tx.utility.batchAll([tx.datalog.record('rolled back'), tx.rws.bid(next + 100, 5n * XRT)]),
      a.eve,
    );

    const storage: StorageRecord = {};
    const read = async (name: string, value: Promise<Codec>) => {
      storage[name] = (await value).toJSON();
    };
    for (const pair of Object.values(a)) {
      await read(`System.Account(${pair.address})`, api.query.system.account(pair.address));
    }
    await read('RWS.AuctionQueue', api.query.rws.auctionQueue());
    await read('RWS.Auction(first)', api.query.rws.auction(next));
    await read('RWS.Auction(second)', api.query.rws.auction(next + 1));
    const charlieLedger = (await api.query.rws.ledger(a.charlie.address)).toJSON() as Record<
      string,
      unknown
    > | null;
    storage['RWS.Ledger(charlie)'] = charlieLedger && {
      freeWeight: charlieLedger.freeWeight,
      kind: charlieLedger.kind,
    };
    await read('RWS.Devices(charlie)', api.query.rws.devices(a.charlie.address));
    await read('RWS.Devices(eve)', api.query.rws.devices(a.eve.address));
    await read('Datalog.DatalogIndex(alice)', api.query.datalog.datalogIndex(a.alice.address));
    await read('Datalog.DatalogIndex(charlie)', api.query.datalog.datalogIndex(a.charlie.address));
    await read('Datalog.DatalogIndex(eve)', api.query.datalog.datalogIndex(a.eve.address));
    await read('Launch.Goal', api.query.launch.goal());
    await read('DigitalTwin.DigitalTwin(twin)', api.query.digitalTwin.digitalTwin(twin));
    await read('DigitalTwin.Owner(twin)', api.query.digitalTwin.owner(twin));
    return { steps: runner.records, storage, accrual };
  } finally {
    await runner.disconnect();
  }
}
