import { encryptForDevices } from '../crypto/envelope.ts';
import type { KeyPair } from '../crypto/keys.ts';

/**
 * The controller's digital twin, made before Home Assistant runs (docs/product-rules.md, "The
 * controller's twin"). The Robonomics integration (2.2.1) looks for a twin the controller owns
 * only when the controller's last datalog record names an IPFS file: it then takes the twin id
 * that file's telemetry gives, else the last twin the controller owns; without such a record it
 * creates a new twin, paid from the subscription's free weight, which the home's first record
 * then waits for. So the controller, from its own balance, gets both: a twin, and a first record
 * naming the file of a home with nothing in it yet, sealed as Home Assistant seals its states.
 */

/**
 * The states of a home that has published nothing: no devices, no entities, no twin named, as
 * HA's json.dumps writes them (the devnet's writer checks this text in its tests).
 */
export const EMPTY_HOME_STATES = '{"devices": {}, "entities": {}, "twin_id": -1}';

/** What the chain says of a controller before its home runs. */
export interface ControllerStart {
  /** The twins it owns, ascending. */
  twins: readonly number[];
  /** Its last datalog record names an IPFS file (starts with "Qm", as the integration checks). */
  lastRecordIsFile: boolean;
}

/** What the controller still needs; null when Home Assistant will find a twin already. */
export function controllerTwinPlan(
  start: ControllerStart,
): { twin: boolean; record: boolean } | null {
  const twin = start.twins.length === 0;
  const record = !start.lastRecordIsFile;
  return twin || record ? { twin, record } : null;
}

/** The first record's file: the empty home's states, sealed by the controller for the devices. */
export function emptyHomeFile(controller: KeyPair, devices: readonly string[]): string {
  return encryptForDevices(EMPTY_HOME_STATES, controller, devices).json;
}
