import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { describe, expect, it } from 'vitest';
import { homeKey } from '../stores/home-reports.ts';
import { reminderSetups } from './reminder-setups.ts';

const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const BASE = 'https://app.example/ipfs/Qm123/?rpc=wss%3A%2F%2Fnode#/telemetry';

describe('the setups the worker is told of', () => {
  const setups = [
    { owner: ALICE, name: 'Here', network: 'custom', controller: { address: CONTROLLER } },
    { owner: ALICE, name: 'On Kusama', network: 'kusama' },
    { owner: ALICE, name: 'Elsewhere', network: 'custom-other' },
  ];

  it('reads each from its network’s node: the one in use, a known one, or none', () => {
    const node = 'wss://my-node.example/';
    const reports = { [homeKey(node, CONTROLLER)]: { reportedAt: 5, sendingTimeout: 300 } };
    const told = reminderSetups(setups, node, reports, BASE);
    expect(told).toEqual([
      {
        owner: ALICE,
        name: 'Here',
        network: 'custom',
        endpoint: node,
        controller: CONTROLLER,
        sendingTimeout: 300,
        renewUrl: `https://app.example/ipfs/Qm123/#/rws-buy?owner=${ALICE}`,
        homeUrl: 'https://app.example/ipfs/Qm123/#/telemetry',
      },
      expect.objectContaining({
        name: 'On Kusama',
        endpoint: 'wss://kusama.rpc.robonomics.network/',
      }),
    ]);
    expect(told[1]).not.toHaveProperty('controller');
  });
});
