import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { DecryptError } from '@robonomics-dapp/robonomics/crypto/box';
import { decryptEnvelopeAsync } from '@robonomics-dapp/robonomics/crypto/envelope';
import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { validateHaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { parsePayload } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import { findHomeRecord, type HomeRecord, type HomeSources } from './home-record.ts';

export interface HomeKeys {
  user: KeyPair;
  userAddress: string;
  controller: string;
}

export interface LoadedHome {
  states: HaStates;
  /** The states file as served (still encrypted), for the copy kept on this device. */
  statesFile: string;
  /** Null when the controller's twin has no config topic yet. */
  config: HaConfig | null;
  /** The config file as served (still encrypted), for the cache. */
  configFile: { cid: string; envelope: string } | null;
  /** The states file's CID and record time. */
  cid: string;
  time: number;
}

/**
 * Opens an envelope the controller published for its devices and validates what is inside.
 * Any failure to decrypt or parse is a DecryptError, shown as "Error: decryptMsg"
 * (docs/product-rules.md).
 */
export async function openHomeFile<T>(
  text: string,
  keys: HomeKeys,
  validate: (value: unknown) => { ok: true; value: T } | { ok: false; error: string },
): Promise<T> {
  let plain: unknown;
  try {
    plain = parsePayload(
      await decryptEnvelopeAsync(text, keys.user, keys.userAddress, keys.controller),
    );
  } catch (error) {
    if (error instanceof DecryptError) throw error;
    throw new DecryptError('bad-payload', (error as Error).message);
  }
  const checked = validate(plain);
  if (!checked.ok) throw new Error(checked.error);
  return checked.value;
}

/** A file of the home already opened on this device: its envelope as served, and what it holds. */
export interface OpenedFile<T> {
  envelope: string;
  value: T;
  /** The file's CID, when it is known. */
  cid?: string;
}

/**
 * Files opened already (the copies kept on this device): when the record names the same states
 * file, or the twin the same config, they are used as they are instead of being read and opened
 * again.
 */
export interface OpenedFiles {
  states?: OpenedFile<HaStates> | null;
  config?: OpenedFile<HaConfig> | null;
}

/**
 * Finds and opens the home: the controller's last datalog record is the CID of its states
 * (which name the twin), and the twin's topic whose source is the controller is the config CID.
 * `status` receives the status texts of docs/product-rules.md in order. `found` is the record
 * when it was read already (findHomeRecord); `opened`, files this device opened already.
 */
export async function loadHome(
  sources: HomeSources,
  keys: HomeKeys,
  status: (text: string) => void,
  found?: Promise<HomeRecord>,
  opened: OpenedFiles = {},
): Promise<LoadedHome> {
  status('Find twin id');
  const { cid, time, text } = await (found ?? findHomeRecord(sources, keys.controller));
  const states =
    opened.states?.envelope === text
      ? opened.states.value
      : await openHomeFile(text, keys, validateHaStates);
  status(`Twin id #${states.twin_id}`);
  status('Start load config');
  let config: HaConfig | null = null;
  let configFile: LoadedHome['configFile'] = null;
  if (states.twin_id >= 0) {
    const topics = await sources.twinTopics(states.twin_id);
    const own = topics.find((t) => addressEq(t.source, keys.controller));
    if (own) {
      const configCid = h256ToCid(own.topic);
      if (opened.config?.cid === configCid) {
        config = opened.config.value;
        configFile = { cid: configCid, envelope: opened.config.envelope };
      } else {
        const envelope = await sources.fetchText(configCid);
        config = await openHomeFile(envelope, keys, validateHaConfig);
        configFile = { cid: configCid, envelope };
      }
    }
  }
  if (config) status('Config loaded');
  return { states, statesFile: text, config, configFile, cid, time };
}
