import { fetchAccountBalance } from '@robonomics-dapp/robonomics/chain/queries/account-balance';
import { fetchCreatedTwinId } from '@robonomics-dapp/robonomics/chain/queries/created-twin';
import { fetchLastDatalog } from '@robonomics-dapp/robonomics/chain/queries/last-datalog';
import { fetchOwnedTwins } from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { controllerTwinTx } from '@robonomics-dapp/robonomics/chain/tx/controller-twin';
import { fetchPaymentInfo } from '@robonomics-dapp/robonomics/chain/tx/payment-info';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { addToIpfs } from '@robonomics-dapp/robonomics/ipfs/kubo-add';
import { formatExact } from '@robonomics-dapp/robonomics/rws/format';
import {
  controllerTwinPlan,
  emptyHomeFile,
} from '@robonomics-dapp/robonomics/twin/controller-twin';
import { create } from 'zustand';
import { readyClient, sendAction } from '../../lib/actions/send-action.ts';
import { appConfig } from '../../lib/shell/config.ts';
import { readStorage } from '../../lib/stores/chain-store.ts';
import { useGuideMarks } from './guide-marks.ts';

/**
 * The controller's digital twin, made by the guide while it holds the controller's new key
 * (docs/product-rules.md, "The controller's twin"): signed by the controller and paid from its
 * own small balance (sent with the device list), so that Home Assistant publishes on it instead
 * of creating one from the subscription's free weight. What it did lives in memory for this
 * visit; the chain says the rest after a reload.
 */
export type TwinPrep =
  | { kind: 'working' }
  /** The controller made its twin (null: its id could not be read) and/or its first record. */
  | { kind: 'made'; twin: number | null; madeTwin: boolean; fee: bigint }
  /** The controller had both already: Home Assistant takes its last twin. */
  | { kind: 'had'; twin: number }
  /** Not made, and why; Home Assistant makes its own twin. */
  | { kind: 'skipped'; reason: string };

interface TwinPrepState {
  /** By controller address. */
  preps: Record<string, TwinPrep>;
  set(controller: string, prep: TwinPrep): void;
}

export const useControllerTwin = create<TwinPrepState>((set) => ({
  preps: {},
  set: (controller, prep) => set((s) => ({ preps: { ...s.preps, [controller]: prep } })),
}));

/** A CIDv0 is always 46 characters: a stand-in of that length prices the record. */
const SAMPLE_CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';

const xrt = (planck: bigint) => `${formatExact(planck)} XRT`;

/** Said when the twin is left to Home Assistant. */
const HOME_MAKES_IT = 'Home Assistant makes the twin itself, from the subscription’s free weight';

/**
 * Makes the controller's twin and its first record as needed, once per controller and visit;
 * never throws (what happened is in the store).
 */
export async function prepareControllerTwin(args: {
  endpoint: string;
  owner: string;
  controller: string;
  key: KeyPair;
  /** The subscription's devices (the first record is sealed for them, as the home seals). */
  devices: readonly string[];
}): Promise<void> {
  const { controller, key, owner } = args;
  const store = useControllerTwin.getState();
  const current = store.preps[controller];
  if (current && current.kind !== 'skipped') return;
  store.set(controller, { kind: 'working' });
  const done = (prep: TwinPrep) => useControllerTwin.getState().set(controller, prep);
  try {
    const client = readyClient();
    const [owned, last] = await Promise.all([
      fetchOwnedTwins(client, controller, null),
      fetchLastDatalog(readStorage, controller),
    ]);
    const plan = controllerTwinPlan({
      twins: owned.twins,
      lastRecordIsFile: last?.text.startsWith('Qm') ?? false,
    });
    if (!plan) return done({ kind: 'had', twin: owned.twins.at(-1)! });
    // Priced before anything is uploaded: a controller that cannot pay leaves it to the home.
    const priced = controllerTwinTx(client, {
      twin: plan.twin,
      recordCid: plan.record ? SAMPLE_CID : null,
    });
    const [{ fee }, balance] = await Promise.all([
      fetchPaymentInfo(priced, controller),
      fetchAccountBalance(client, controller),
    ]);
    const floor = client.consts.balances.existentialDeposit;
    if (balance.transferable < fee + floor) {
      return done({
        kind: 'skipped',
        reason: `The controller holds ${xrt(balance.transferable)}, and its twin takes ${xrt(fee)} plus the ${xrt(floor)} an account keeps: ${HOME_MAKES_IT}.`,
      });
    }
    let recordCid: string | null = null;
    if (plan.record) {
      recordCid = await addToIpfs(
        appConfig.ipfsApi,
        emptyHomeFile(key, args.devices),
        web3AuthHeaders(web3AuthFromPair(key), owner),
      );
    }
    const result = await sendAction({
      call: (c) => controllerTwinTx(c, { twin: plan.twin, recordCid }),
      signer: toKeyringPair(key),
      purpose: 'twin',
      what: plan.twin
        ? "the controller's digital twin and first record"
        : "the controller's first record",
    });
    const twin = plan.twin
      ? await fetchCreatedTwinId(client, result).catch(() => null)
      : (owned.twins.at(-1) ?? null);
    if (recordCid !== null) {
      // The home's first publication is the record after this one.
      const record = await fetchLastDatalog(readStorage, controller).catch(() => null);
      useGuideMarks.getState().mark(args.endpoint, owner, {
        seed: { controller, at: record?.text === recordCid ? record.time : Date.now() },
      });
    }
    done({ kind: 'made', twin, madeTwin: plan.twin, fee });
  } catch (error) {
    done({
      kind: 'skipped',
      reason: `The controller's twin could not be made (${error instanceof Error ? error.message : String(error)}): ${HOME_MAKES_IT}.`,
    });
  }
}
