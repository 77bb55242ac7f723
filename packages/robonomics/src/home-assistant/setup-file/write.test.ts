import { describe, expect, it } from 'vitest';
import {
  EVERY_FIELD as all,
  SAMPLE_CONTROLLER as controller,
  SAMPLE_SETUP as setup,
} from '../../test-support/setup-file-sample.ts';
import { fileFitsNetwork, fileNetworkOf, type SetupFile, setupFileName } from './format.ts';
import { restoreSetups } from './restore.ts';
import { type SetupFileOptions, type SetupFileSource, writeSetupFile } from './write.ts';

/** The file written, as an object. */
const fileOf = (s: SetupFileSource, options: SetupFileOptions) =>
  JSON.parse(writeSetupFile(s, options)) as SetupFile;

describe('writeSetupFile', () => {
  it('writes what is ticked and leaves the key out unless asked', () => {
    const file = fileOf(setup, all);
    expect(file.controller).toEqual({ address: controller, private: '' });
    expect(file.users).toEqual([{ address: controller, label: 'Controller' }]);
    expect(file.datalog).toEqual({ interval: '10' });
    expect(fileOf(setup, { ...all, controllerKey: true }).controller.private).toBe(
      '{"encoded":"…"}',
    );
    const bare = fileOf(setup, {
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
    expect(fileOf(setup, { ...all, ipfsGateway: 'http://gw.local:5001' }).ipfs).toEqual({
      url: 'gw.local',
      port: '5001',
    });
    expect(fileOf(setup, { ...all, ipfsGateway: 'ipfs.example.org' }).ipfs).toEqual({
      url: 'ipfs.example.org',
      port: '443',
    });
  });

  it('names the file after host, setup and date', () => {
    expect(setupFileName('127.0.0.1:5173', 'Sunny Home', new Date('2026-11-22T10:00:00Z'))).toBe(
      '127.0.0.1:5173-Sunny_Home-2026-11-22.json',
    );
  });
});

describe('the network a file names', () => {
  it('is one Home Assistant knows: the devnet stands in for Polkadot', () => {
    expect(fileNetworkOf('local')).toBe('polkadot');
    expect(fileNetworkOf('kusama')).toBe('kusama');
    expect(fileOf({ ...setup, network: 'local' }, all).network).toBe('polkadot');
  });

  it('restores on the network it was made for, the devnet included', () => {
    const made = writeSetupFile({ ...setup, network: 'local' }, all);
    expect(fileFitsNetwork('polkadot', 'local')).toBe(true);
    expect(fileFitsNetwork('kusama', 'local')).toBe(false);
    expect(restoreSetups(made, 'local')).toMatchObject({
      ok: true,
      setups: [{ network: 'local' }],
    });
  });
});
