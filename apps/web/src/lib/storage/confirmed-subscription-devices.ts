import { purchaseDevices } from '@robonomics-dapp/robonomics/rws/subscription-devices';
import { accountKey, readAccountRecords, withAccountRecord } from './account-records.ts';
import { safeStorage } from './safe-storage.ts';

/**
 * The device list the owner last confirmed from this browser, per endpoint and owner: the list a
 * device-list write or a purchase signed here wrote. A node's answer may leave devices out or add
 * some; against this list the app keeps every device it had unless the owner removes one, and
 * marks those that appeared since (docs/product-rules.md, "Writing the device list").
 */
const KEY = 'robonomics-dapp.confirmed-devices.v1';

export interface ConfirmedDevices {
  /** When the owner signed it (ms). */
  time: number;
  devices: string[];
}

/** The list the owner last confirmed on this endpoint, if any. */
export function readConfirmedDevices(endpoint: string, owner: string): ConfirmedDevices | null {
  const entry = readAccountRecords(safeStorage.get(KEY))[accountKey(endpoint, owner)] as
    | Partial<ConfirmedDevices>
    | undefined;
  if (!entry || typeof entry.time !== 'number' || !Array.isArray(entry.devices)) return null;
  return { time: entry.time, devices: entry.devices.filter((d) => typeof d === 'string') };
}

/** Records the list the owner just signed. */
export function writeConfirmedDevices(
  endpoint: string,
  owner: string,
  devices: readonly string[],
  time = Date.now(),
): void {
  const record: ConfirmedDevices = { time, devices: [...devices] };
  safeStorage.set(
    KEY,
    withAccountRecord(safeStorage.get(KEY), endpoint, owner, record, (r) => r.time),
  );
}

/** Records the list a purchase wrote (or left as it was, when the buyer already was a device). */
export function confirmPurchasedDevices(
  endpoint: string,
  buyer: string,
  devices: { shown: readonly string[]; keep: readonly string[] },
): void {
  writeConfirmedDevices(
    endpoint,
    buyer,
    purchaseDevices(devices.shown, buyer, devices.keep) ?? devices.shown,
  );
}
