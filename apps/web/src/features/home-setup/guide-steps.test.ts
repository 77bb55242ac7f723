import {
  ALICE as OWNER,
  BOB_ED25519 as USER,
} from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { describe, expect, it } from 'vitest';
import { type GuideFacts, guideSteps, usersAmong } from './guide-steps.ts';

const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const XRT = 1_000_000_000n;

const empty: GuideFacts = {
  owner: null,
  bidding: false,
  controller: null,
  users: [],
  fileDownloaded: false,
  published: false,
  controlled: false,
};
const states = (f: GuideFacts) => guideSteps(f).map((s) => `${s.id}:${s.state}`);

describe('guideSteps', () => {
  it('starts with the account in an empty browser', () => {
    expect(states(empty)).toEqual([
      'account:current',
      'subscription:todo',
      'controller:todo',
      'users:todo',
      'devices:todo',
      'file:todo',
      'publication:todo',
      'control:todo',
    ]);
  });

  it('needs the bid, plus the fee reserve, to the planck', () => {
    const facts = { ...empty, owner: OWNER, minimalBid: 10n * XRT, subscription: null };
    expect(guideSteps({ ...facts, balance: 10n * XRT + 10_000_000n })[0]?.state).toBe('current');
    expect(guideSteps({ ...facts, balance: 10n * XRT + 10_000_001n })[0]?.state).toBe('done');
  });

  it('waits while a bid runs, and for the home once the file is out', () => {
    const funded = { ...empty, owner: OWNER, balance: 100n * XRT, minimalBid: XRT };
    expect(states({ ...funded, subscription: null, bidding: true })[1]).toBe(
      'subscription:waiting',
    );
    const ready = {
      ...funded,
      subscription: { active: true },
      controller: CONTROLLER,
      users: [USER],
      devices: [OWNER, CONTROLLER, USER],
      fileDownloaded: true,
    };
    expect(states(ready).slice(5)).toEqual(['file:done', 'publication:waiting', 'control:todo']);
    expect(
      states({ ...ready, published: true, controlled: true }).every((s) => s.endsWith(':done')),
    ).toBe(true);
  });

  it('takes what the chain already holds, as on another device', () => {
    // No saved setup here: the controller is unknown, but the devices hold a user.
    const facts: GuideFacts = {
      ...empty,
      owner: OWNER,
      subscription: { active: true },
      devices: [OWNER, USER],
    };
    expect(states(facts).slice(0, 5)).toEqual([
      'account:done',
      'subscription:done',
      'controller:current',
      'users:done',
      'devices:todo',
    ]);
  });

  it('keeps the device list to do until it holds the controller and every planned user', () => {
    const facts: GuideFacts = {
      ...empty,
      owner: OWNER,
      subscription: { active: true },
      controller: CONTROLLER,
      users: [USER],
      devices: [OWNER, CONTROLLER],
    };
    expect(states(facts)[4]).toBe('devices:current');
  });
});

describe('usersAmong', () => {
  it('leaves the owner and the controller out', () => {
    expect(usersAmong([OWNER, CONTROLLER, USER], OWNER, CONTROLLER)).toEqual([USER]);
  });
});
