import { describe, expect, it } from 'vitest';
import { restoreSetups } from './restore.ts';
import { type SetupFileOptions, writeSetupFile } from './write.ts';

const owner = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
const controller = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const setup = {
  owner,
  name: 'Sunny Home',
  network: 'polkadot',
  controller: { address: controller, keystore: '{"encoded":"…"}' },
  users: [
    { address: controller, label: 'Controller' },
    { address: owner, label: '' },
  ],
};
const all: SetupFileOptions = {
  name: true,
  owner: true,
  controllerAddress: true,
  userNames: true,
  controllerKey: false,
  interval: '10',
  ipfsGateway: '',
};

describe('restoreSetups', () => {
  it('round-trips a setup file, single or as an array', () => {
    const text = writeSetupFile(setup, { ...all, controllerKey: true });
    const single = restoreSetups(text, 'polkadot');
    expect(single).toEqual({
      ok: true,
      setups: [
        {
          owner,
          name: 'Sunny Home',
          network: 'polkadot',
          controller: { address: controller, keystore: '{"encoded":"…"}' },
          users: [{ address: controller, label: 'Controller' }],
          datalog: { interval: 10 },
        },
      ],
    });
    expect(restoreSetups(`[${text},${text}]`, 'polkadot')).toMatchObject({
      ok: true,
      setups: [{}, {}],
    });
  });

  it('accepts the legacy controller fields and fills a missing network', () => {
    const legacy = JSON.stringify({ owner, name: 'Old', controller, controllerkey: '{"k":1}' });
    expect(restoreSetups(legacy, 'kusama')).toMatchObject({
      ok: true,
      setups: [{ network: 'kusama', controller: { address: controller, keystore: '{"k":1}' } }],
    });
  });

  it('refuses broken and hostile files in the words of docs/product-rules.md', () => {
    expect(restoreSetups('{nope', 'polkadot')).toEqual({ ok: false, error: 'Invalid JSON format' });
    expect(restoreSetups('[]', 'polkadot')).toEqual({ ok: false, error: 'Invalid input data' });
    expect(restoreSetups('"text"', 'polkadot')).toEqual({ ok: false, error: 'Invalid input data' });
    expect(restoreSetups(JSON.stringify({ owner: 5 }), 'polkadot')).toEqual({
      ok: false,
      error: 'Invalid input data',
    });
    expect(restoreSetups('x'.repeat(1_000_001), 'polkadot')).toEqual({
      ok: false,
      error: 'Invalid input data',
    });
    expect(restoreSetups(JSON.stringify({ owner, network: 'kusama' }), 'polkadot')).toEqual({
      ok: false,
      error:
        "Network mismatch! Imported setup is for 'kusama', but the current network is 'polkadot'. Please switch networks and try again.",
    });
  });

  it('keeps markup in names as plain text and bounds its length', () => {
    const result = restoreSetups(
      JSON.stringify({ owner, name: `<img src=x onerror=alert(1)>${'a'.repeat(500)}` }),
      'polkadot',
    );
    expect(result.ok && result.setups[0]!.name.startsWith('<img')).toBe(true);
    expect(result.ok && result.setups[0]!.name.length).toBe(100);
  });
});
