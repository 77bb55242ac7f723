import { describe, expect, it } from 'vitest';
import {
  backupFileName,
  buildBackup,
  fileFitsNetwork,
  fileNetworkOf,
  parseBackup,
} from './setup-backup.ts';

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
const all = {
  name: true,
  owner: true,
  controllerAddress: true,
  userNames: true,
  controllerKey: false,
  interval: '10',
  ipfsGateway: '',
};

describe('buildBackup', () => {
  it('writes what is ticked and leaves the key out unless asked', () => {
    const file = buildBackup(setup, all);
    expect(file.controller).toEqual({ address: controller, private: '' });
    expect(file.users).toEqual([{ address: controller, label: 'Controller' }]);
    expect(file.datalog).toEqual({ interval: '10' });
    expect(buildBackup(setup, { ...all, controllerKey: true }).controller.private).toBe(
      '{"encoded":"…"}',
    );
    const bare = buildBackup(setup, {
      ...all,
      name: false,
      owner: false,
      controllerAddress: false,
      userNames: false,
    });
    expect([bare.name, bare.owner, bare.controller.address, bare.users.length]).toEqual([
      '',
      '',
      '',
      0,
    ]);
  });

  it('splits the gateway into host and port', () => {
    expect(buildBackup(setup, { ...all, ipfsGateway: 'http://gw.local:5001' }).ipfs).toEqual({
      url: 'gw.local',
      port: '5001',
    });
    expect(buildBackup(setup, { ...all, ipfsGateway: 'ipfs.example.org' }).ipfs).toEqual({
      url: 'ipfs.example.org',
      port: '443',
    });
  });

  it('names the file after host, setup and date', () => {
    expect(backupFileName('127.0.0.1:5173', 'Sunny Home', new Date('2026-11-22T10:00:00Z'))).toBe(
      '127.0.0.1:5173-Sunny_Home-2026-11-22.json',
    );
  });
});

describe('parseBackup', () => {
  it('round-trips a backup, single or as an array', () => {
    const text = JSON.stringify(buildBackup(setup, { ...all, controllerKey: true }));
    const single = parseBackup(text, 'polkadot');
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
    expect(parseBackup(`[${text},${text}]`, 'polkadot')).toMatchObject({
      ok: true,
      setups: [{}, {}],
    });
  });

  it('accepts the legacy controller fields and fills a missing network', () => {
    const legacy = JSON.stringify({ owner, name: 'Old', controller, controllerkey: '{"k":1}' });
    expect(parseBackup(legacy, 'kusama')).toMatchObject({
      ok: true,
      setups: [{ network: 'kusama', controller: { address: controller, keystore: '{"k":1}' } }],
    });
  });

  it('refuses broken and hostile files in the words of docs/product-rules.md', () => {
    expect(parseBackup('{nope', 'polkadot')).toEqual({ ok: false, error: 'Invalid JSON format' });
    expect(parseBackup('[]', 'polkadot')).toEqual({ ok: false, error: 'Invalid input data' });
    expect(parseBackup('"text"', 'polkadot')).toEqual({ ok: false, error: 'Invalid input data' });
    expect(parseBackup(JSON.stringify({ owner: 5 }), 'polkadot')).toEqual({
      ok: false,
      error: 'Invalid input data',
    });
    expect(parseBackup('x'.repeat(1_000_001), 'polkadot')).toEqual({
      ok: false,
      error: 'Invalid input data',
    });
    expect(parseBackup(JSON.stringify({ owner, network: 'kusama' }), 'polkadot')).toEqual({
      ok: false,
      error:
        "Network mismatch! Imported setup is for 'kusama', but the current network is 'polkadot'. Please switch networks and try again.",
    });
  });

  it('keeps markup in names as plain text and bounds its length', () => {
    const result = parseBackup(
      JSON.stringify({ owner, name: `<img src=x onerror=alert(1)>${'a'.repeat(500)}` }),
      'polkadot',
    );
    expect(result.ok && result.setups[0]!.name.startsWith('<img')).toBe(true);
    expect(result.ok && result.setups[0]!.name.length).toBe(100);
  });
});

describe('the network a file names', () => {
  it('is one Home Assistant knows: the devnet stands in for Polkadot', () => {
    expect(fileNetworkOf('local')).toBe('polkadot');
    expect(fileNetworkOf('kusama')).toBe('kusama');
    expect(buildBackup({ ...setup, network: 'local' }, all).network).toBe('polkadot');
  });

  it('restores on the network it was made for, the devnet included', () => {
    const made = JSON.stringify(buildBackup({ ...setup, network: 'local' }, all));
    expect(fileFitsNetwork('polkadot', 'local')).toBe(true);
    expect(fileFitsNetwork('kusama', 'local')).toBe(false);
    expect(parseBackup(made, 'local')).toMatchObject({ ok: true, setups: [{ network: 'local' }] });
  });
});
