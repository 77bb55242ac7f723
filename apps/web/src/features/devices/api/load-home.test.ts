// @vitest-environment node
import { encodeAddress } from '@dedot/utils';
import { DecryptError } from '@robonomics-dapp/robonomics/crypto/box';
import { encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { cidToH256 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { describe, expect, it } from 'vitest';
import type { HomeSources } from './home-record.ts';
import { loadHome } from './load-home.ts';

const controller = pairFromUri(
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
  'ed25519',
);
const user = pairFromUri('//Bob', 'ed25519');
const stranger = pairFromUri('//Eve', 'ed25519');
const address = (p: typeof user) => encodeAddress(p.publicKey, 32);
const STATES_CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const CONFIG_CID = 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH';

function home(statesText: string, configText: string): HomeSources {
  const files: Record<string, string> = { [STATES_CID]: statesText, [CONFIG_CID]: configText };
  return {
    lastRecord: async () => ({ time: 1000, text: STATES_CID }),
    twinTopics: async () => [
      { topic: `0x${'11'.repeat(32)}`, source: address(stranger) },
      { topic: cidToH256(CONFIG_CID), source: address(controller) },
    ],
    fetchText: async (cid) => files[cid] ?? Promise.reject(new Error('File not available')),
  };
}

const seal = (payload: string) => encryptForDevices(payload, controller, [address(user)]).json;
const states =
  "{'devices': {}, 'entities': {'switch.lamp': {'units': 'None', 'state': 'on', 'attributes': {'friendly_name': 'Lamp'}, 'history': []}}, 'twin_id': 3}";
const config = JSON.stringify({
  services: { switch: { turn_on: {} } },
  dashboard: null,
  twin_id: 3,
  sending_timeout: 600,
  peer_id: '12D3KooWabc',
  libp2p_multiaddress: ['/ip4/127.0.0.1/tcp/9999/ws/p2p/12D3KooWabc', null],
});

describe('loading the home', () => {
  it('finds states by the last record and the config by the twin topic, with the toasts', async () => {
    const toasts: string[] = [];
    const keys = { user, userAddress: address(user), controller: address(controller) };
    const sealedConfig = seal(config);
    const loaded = await loadHome(home(seal(states), sealedConfig), keys, (t) => toasts.push(t));
    expect(loaded.states.entities['switch.lamp']?.state).toBe('on');
    expect(loaded.config?.peer_id).toBe('12D3KooWabc');
    // What the cache may keep: the file as served, still sealed.
    expect(loaded.configFile).toEqual({ cid: CONFIG_CID, envelope: sealedConfig });
    expect(loaded.cid).toBe(STATES_CID);
    expect(toasts).toEqual(['Find twin id', 'Twin id #3', 'Start load config', 'Config loaded']);
  });

  it('uses the files this device opened already when the record and the twin name them again', async () => {
    const keys = { user, userAddress: address(user), controller: address(controller) };
    const sealedStates = seal(states);
    const sealedConfig = seal(config);
    const sources = home(sealedStates, sealedConfig);
    const read: string[] = [];
    const counted = {
      ...sources,
      fetchText: (cid: string) => {
        read.push(cid);
        return sources.fetchText(cid);
      },
    };
    const openedStates = {
      envelope: sealedStates,
      value: { twin_id: 3, devices: {}, entities: {} },
    };
    const openedConfig = {
      envelope: sealedConfig,
      cid: CONFIG_CID,
      value: { services: {}, peer_id: 'kept', libp2p_multiaddress: [] } as never,
    };
    const loaded = await loadHome(counted, keys, () => {}, undefined, {
      states: openedStates,
      config: openedConfig,
    });
    // The states file is read (the record names it) but not opened again; the config not read.
    expect(read).toEqual([STATES_CID]);
    expect(loaded.states).toBe(openedStates.value);
    expect(loaded.config?.peer_id).toBe('kept');
    expect(loaded.configFile).toEqual({ cid: CONFIG_CID, envelope: sealedConfig });
    // Another file than the one kept: opened as usual.
    const other = await loadHome(sources, keys, () => {}, undefined, {
      states: { envelope: 'an older file', value: openedStates.value },
      config: { ...openedConfig, cid: 'QmOlder' },
    });
    expect(other.states.entities['switch.lamp']?.state).toBe('on');
    expect(other.config?.peer_id).toBe('12D3KooWabc');
  });

  it('fails with a DecryptError for a user who is not a recipient or a tampered file', async () => {
    const keys = {
      user: stranger,
      userAddress: address(stranger),
      controller: address(controller),
    };
    await expect(loadHome(home(seal(states), seal(config)), keys, () => {})).rejects.toThrow(
      DecryptError,
    );
    const tampered = seal(states).replace(
      /"data":\s*"0x(..)/,
      (_, b) => `"data":"0x${b === '00' ? '01' : '00'}`,
    );
    const own = { user, userAddress: address(user), controller: address(controller) };
    await expect(loadHome(home(tampered, seal(config)), own, () => {})).rejects.toThrow(
      DecryptError,
    );
  });

  it('fails with a DecryptError when what opens is not a payload at all', async () => {
    const keys = { user, userAddress: address(user), controller: address(controller) };
    const failure = await loadHome(home(seal('   '), seal(config)), keys, () => {}).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DecryptError);
    expect((failure as DecryptError).reason).toBe('bad-payload');
    expect((failure as DecryptError).detail).toBe('The payload is empty.');
  });

  it('rejects states that are not a Home Assistant dump, in words', async () => {
    const keys = { user, userAddress: address(user), controller: address(controller) };
    await expect(loadHome(home(seal('[1, 2]'), seal(config)), keys, () => {})).rejects.toThrow(
      /states/i,
    );
  });
});
