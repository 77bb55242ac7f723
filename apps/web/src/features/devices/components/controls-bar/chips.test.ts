import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import {
  VECTOR_CONTROLLER_ADDRESS as CONTROLLER,
  VECTOR_USER_ADDRESS as USER,
  VECTOR_USER_ADDRESS_42 as USER_42,
} from '@robonomics-dapp/robonomics/test-support/crypto-vectors';
import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../hooks/use-home.ts';
import { connectionChip } from './ConnectionPanel.tsx';
import { datalogChip } from './DatalogPanel.tsx';
import { ipfsChip } from './IpfsPanel.tsx';
import { subscriptionChip } from './SubscriptionPanel.tsx';

const NOW = 1_700_000_000_000;
const lifetime: SubscriptionLedger = {
  kind: { type: 'Lifetime', tps: 10 },
  issueTime: 0n,
  freeWeight: 0n,
  lastUpdate: 0n,
};
const home = {
  ledger: lifetime,
  now: NOW,
  devices: [CONTROLLER, USER],
  controller: CONTROLLER,
  user: USER,
  devicesKeptSince: null,
  chainFailed: false,
};

describe("the controls bar's chips, each from its panel's facts", () => {
  it('says the subscription is ready, or its first problem', () => {
    expect(subscriptionChip(home)).toMatchObject({ state: 'ok', label: 'Subscription' });
    expect(subscriptionChip({ ...home, ledger: undefined })).toMatchObject({ state: 'busy' });
    expect(subscriptionChip({ ...home, ledger: null })).toMatchObject({
      state: 'bad',
      label: 'No subscription',
    });
    expect(subscriptionChip({ ...home, devices: [USER] }).label).toBe('Controller not a device');
    expect(subscriptionChip({ ...home, devices: [CONTROLLER] }).label).toBe('User not a device');
    // One account whatever prefix it is written with.
    expect(subscriptionChip({ ...home, user: USER_42 })).toMatchObject({ state: 'ok' });
    expect(subscriptionChip({ ...home, user: null })).toMatchObject({
      state: 'busy',
      label: 'Subscription',
    });
  });

  it('says peer-to-peer failed or the parachain is unreachable only once the home is shown', () => {
    const viaChain = { type: 'parachain', note: 'no answer', connected: true } as ConnectionState;
    expect(connectionChip({ connection: viaChain, ready: true, chainFailed: false })).toMatchObject(
      { state: 'bad', label: 'Peer-to-peer failed' },
    );
    expect(connectionChip({ connection: viaChain, ready: false, chainFailed: true })).toMatchObject(
      { state: 'busy', label: 'Parachain', meaning: 'connecting' },
    );
    const chainDown = { ...viaChain, note: null } as ConnectionState;
    expect(connectionChip({ connection: chainDown, ready: true, chainFailed: true }).label).toBe(
      'Parachain unreachable',
    );
  });

  it('says how fresh the datalog is, and whether a gateway answers', () => {
    const facts = { ready: true, live: true, updated: null, waitingSince: NOW - 6 * 60_000 };
    expect(datalogChip({ ...facts, now: NOW })).toMatchObject({
      state: 'bad',
      label: 'Datalog not updated',
    });
    expect(datalogChip({ ...facts, updated: NOW - 1_000, now: NOW }).state).toBe('ok');
    expect(ipfsChip({ noneAvailable: true, checking: false, picked: null }).label).toBe(
      'No IPFS gateway',
    );
    expect(ipfsChip({ noneAvailable: false, checking: false, picked: 'https://a' }).state).toBe(
      'ok',
    );
  });
});
