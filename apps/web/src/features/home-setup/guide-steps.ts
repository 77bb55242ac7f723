import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { purchaseNeeds } from '@robonomics-dapp/robonomics/rws/buy';

/**
 * The guided setup's steps, each decided by what the chain and the network say, never by what was
 * clicked (docs/product-rules.md, "The guided setup"): the list resumes wherever the owner left
 * it, in this browser or another.
 */
export const GUIDE_STEPS = [
  'account',
  'subscription',
  'controller',
  'users',
  'devices',
  'file',
  'publication',
  'control',
] as const;
export type GuideStepId = (typeof GUIDE_STEPS)[number];

/**
 * done: verified; current: the one to do now; waiting: the one under way, waiting for the chain or
 * the home; todo: after the current one.
 */
export type GuideStepState = 'done' | 'current' | 'waiting' | 'todo';

export interface GuideFacts {
  /** The owner: the connected account. */
  owner: string | null;
  /** Transferable balance in planck (undefined while read). */
  balance?: bigint;
  minimalBid?: bigint;
  /** The owner's subscription: undefined while read, null without one. */
  subscription?: { active: boolean } | null;
  /** A bid of the owner leads an open auction (the auction has not closed yet). */
  bidding: boolean;
  /** The setup's controller, where this browser knows it. */
  controller: string | null;
  /** The users this setup plans (not the owner, not the controller). */
  users: readonly string[];
  /** The subscription's devices on the chain (undefined while read). */
  devices?: readonly string[];
  /** A file that Home Assistant will accept was downloaded on this device. */
  fileDownloaded: boolean;
  /** The controller published on the chain (a datalog record). */
  published: boolean;
  /** A command from this device was confirmed done by the home. */
  controlled: boolean;
}

const includes = (list: readonly string[] | undefined, address: string) =>
  Boolean(list?.some((a) => addressEq(a, address)));

/** The users a subscription's devices hold besides its owner and controller. */
export function usersAmong(
  devices: readonly string[],
  owner: string,
  controller: string | null,
): string[] {
  return devices.filter(
    (d) => !addressEq(d, owner) && !(controller !== null && addressEq(d, controller)),
  );
}

/** Whether each step holds, by the facts. */
export function stepDone(id: GuideStepId, f: GuideFacts): boolean {
  switch (id) {
    case 'account':
      return (
        f.owner !== null &&
        (f.subscription?.active === true ||
          (f.balance !== undefined &&
            f.minimalBid !== undefined &&
            f.balance >= purchaseNeeds(f.minimalBid).required))
      );
    case 'subscription':
      return f.subscription?.active === true;
    case 'controller':
      return f.controller !== null;
    case 'users':
      return (
        f.users.length > 0 ||
        (f.owner !== null && usersAmong(f.devices ?? [], f.owner, f.controller).length > 0)
      );
    case 'devices':
      return (
        f.controller !== null &&
        includes(f.devices, f.controller) &&
        f.users.every((u) => includes(f.devices, u)) &&
        (f.users.length > 0 ||
          (f.owner !== null && usersAmong(f.devices ?? [], f.owner, f.controller).length > 0))
      );
    case 'file':
      return f.fileDownloaded || f.published;
    case 'publication':
      return f.published;
    case 'control':
      return f.controlled;
  }
}

/**
 * Every step's state: done ones as they are, the first one not done is current (waiting while a
 * bid runs or the home has not published yet), the rest to do.
 */
export function guideSteps(f: GuideFacts): { id: GuideStepId; state: GuideStepState }[] {
  let current: GuideStepId | null = null;
  return GUIDE_STEPS.map((id) => {
    if (stepDone(id, f)) return { id, state: 'done' };
    if (current !== null) return { id, state: 'todo' };
    current = id;
    const waiting = (id === 'subscription' && f.bidding) || id === 'publication';
    return { id, state: waiting ? 'waiting' : 'current' };
  });
}
