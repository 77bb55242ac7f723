import { isValidAddress, toRobonomicsAddress } from '../chain/model/address.ts';
import { addressEq, includesAddress } from '../chain/model/same-account.ts';

/** RWS.MaxDevicesAmount of runtime 43: where the runtime is not known yet, the list is held to it. */
export const MAX_DEVICES = 32;

/** Said when a device list would go past the runtime's bound. */
export function deviceBoundText(max: number): string {
  return `This network's runtime allows at most ${max} accounts in a subscription's device list (RWS.MaxDevicesAmount): the list is full. Remove one first.`;
}

/**
 * What an owner sends to a device that does not exist on the chain yet, with the device list
 * that adds it: an account that holds nothing cannot send even a fee-free transaction (the
 * runtime's nonce check refuses an account no deposit keeps alive), so a new controller could
 * never publish, nor a new user command through the parachain. 0.001 XRT, a thousand times the
 * existential deposit (docs/product-rules.md, "Writing the device list").
 */
export const NEW_DEVICE_FUNDING = 1_000_000n;

/** A transfer a device-list transaction makes along with the list. */
export interface DeviceFunding {
  to: string;
  amount: bigint;
}

export type DeviceChange =
  | { ok: true; devices: string[]; changed: boolean }
  | { ok: false; error: string };

export interface DeviceRights {
  /** The owner of the setup being edited, when one is active. */
  activeOwner: string | null;
  /** The connected account. */
  signer: string | null;
}

function checkRights({ activeOwner, signer }: DeviceRights): string | null {
  if (!signer) return 'Signer required';
  if (activeOwner && !addressEq(activeOwner, signer))
    return 'You do not have access to this action.';
  return null;
}

/**
 * The device list after adding `address` (docs/product-rules.md): only the active owner may, the address must
 * be valid and new, and the runtime's 32-device limit holds. For a controller edit the duplicate
 * check is skipped: an address already there is accepted without a change.
 */
export function addDevice(
  devices: string[],
  address: string,
  rights: DeviceRights,
  {
    controllerEdit = false,
    maxDevices = MAX_DEVICES,
  }: { controllerEdit?: boolean; maxDevices?: number | null } = {},
): DeviceChange {
  const denied = checkRights(rights);
  if (denied) return { ok: false, error: denied };
  if (!isValidAddress(address))
    return { ok: false, error: 'Please, enter a valid account address.' };
  const normalized = toRobonomicsAddress(address);
  if (includesAddress(devices, normalized)) {
    return controllerEdit
      ? { ok: true, devices, changed: false }
      : { ok: false, error: 'The address is already in the subscription.' };
  }
  if (maxDevices !== null && devices.length >= maxDevices) {
    return { ok: false, error: deviceBoundText(maxDevices) };
  }
  return { ok: true, devices: [...devices, normalized], changed: true };
}

/** The device list without `address`; removing an absent address counts as success (docs/product-rules.md). */
export function removeDevice(
  devices: string[],
  address: string,
  rights: DeviceRights,
): DeviceChange {
  const denied = checkRights(rights);
  if (denied) return { ok: false, error: denied };
  const remaining = devices.filter((d) => !addressEq(d, address));
  return { ok: true, devices: remaining, changed: remaining.length !== devices.length };
}

/** How the connected account relates to a subscription. */
export function roleOf(
  owner: string,
  devices: string[],
  account: string | null,
): 'owner' | 'user' | 'none' {
  if (!account) return 'none';
  if (addressEq(owner, account)) return 'owner';
  return includesAddress(devices, account) ? 'user' : 'none';
}

/** One address of a device list change, and what happens to it. */
export interface DeviceListEntry {
  address: string;
  change: 'added' | 'removed' | 'kept';
}

/**
 * Every address a device list write touches, in full (docs/product-rules.md, "Writing the device
 * list"): the list after it, in its order, each marked added or kept, then the removed ones.
 */
export function deviceListChange(before: readonly string[], after: readonly string[]) {
  const entries: DeviceListEntry[] = [
    ...after.map((address) => ({
      address,
      change: includesAddress(before, address) ? ('kept' as const) : ('added' as const),
    })),
    ...before
      .filter((address) => !includesAddress(after, address))
      .map((address) => ({ address, change: 'removed' as const })),
  ];
  return entries;
}

/** Whether two device lists name the same accounts in the same order. */
export function sameDeviceList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((address, i) => addressEq(address, b[i]!));
}

/**
 * The device list a purchase writes, or null when it writes none: nothing when the buyer already
 * is a device; otherwise exactly the devices the user chose to keep (in the chain's order) and
 * the buyer, never a list the page did not show.
 */
export function purchaseDevices(
  current: readonly string[],
  buyer: string,
  keep: readonly string[],
): string[] | null {
  if (includesAddress(current, buyer)) return null;
  // What the user keeps: from the list the chain gives, then the ones it leaves out (kept from
  // the list the owner last confirmed), never twice.
  const kept = current.filter((d) => includesAddress(keep, d));
  const missing = keep.filter((k) => !includesAddress(current, k) && !addressEq(k, buyer));
  const unique = missing.filter((k, i) => missing.findIndex((m) => addressEq(m, k)) === i);
  return [...kept, ...unique, buyer];
}

/**
 * A device-list change as the owner asked for it, with what the chain's answer left out of the
 * list the owner last confirmed put back (a node cannot make a change drop a device): every
 * device of `confirmed` that is neither in `shown` nor removed on purpose by this change.
 */
export function withConfirmedDevices(
  shown: readonly string[],
  next: readonly string[],
  confirmed: readonly string[],
): { devices: string[]; restored: string[] } {
  const restored = confirmed.filter(
    (c, i) =>
      !includesAddress(shown, c) &&
      !includesAddress(next, c) &&
      confirmed.findIndex((o) => addressEq(o, c)) === i,
  );
  return { devices: [...next, ...restored], restored };
}
