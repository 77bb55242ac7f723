import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearHomeConfigCache,
  MAX_KEPT_STATES_CHARS,
  readConfigEnvelope,
  readKeptStates,
  removePlaintextConfigs,
  writeConfigEnvelope,
  writeKeptStatesFile,
  writeKeptStatesUpdate,
} from './home-config-cache.ts';

const ENDPOINT = 'ws://127.0.0.1:9944';
const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';

beforeEach(() => localStorage.clear());

describe('home config cache', () => {
  it('keeps the envelope as served, under haconfig:{endpoint}:{controller}', () => {
    writeConfigEnvelope(ENDPOINT, CONTROLLER, { cid: 'QmConfig', envelope: '{"data":"sealed"}' });
    const raw = JSON.parse(localStorage.getItem(`haconfig:${ENDPOINT}:${CONTROLLER}`)!);
    expect(raw).toMatchObject({ cid: 'QmConfig', envelope: '{"data":"sealed"}' });
    expect(Object.keys(raw).sort()).toEqual(['cid', 'envelope', 'time']);
    expect(readConfigEnvelope(ENDPOINT, CONTROLLER)?.envelope).toBe('{"data":"sealed"}');
  });

  it('drops a decrypted config an older app kept, on read and at start', () => {
    const plain = JSON.stringify({ time: 1, value: { peer_id: 'x', services: {} } });
    localStorage.setItem(`haconfig:${ENDPOINT}:${CONTROLLER}`, plain);
    localStorage.setItem('haconfig:ws://other:C2', plain);
    localStorage.setItem('theme', 'dark');
    expect(readConfigEnvelope(ENDPOINT, CONTROLLER)).toBeNull();
    expect(localStorage.getItem(`haconfig:${ENDPOINT}:${CONTROLLER}`)).toBeNull();
    removePlaintextConfigs();
    expect(localStorage.getItem('haconfig:ws://other:C2')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('clears every kept config and states on sign-out and nothing else', () => {
    writeConfigEnvelope(ENDPOINT, CONTROLLER, { cid: 'a', envelope: 'b' });
    writeConfigEnvelope('wss://other/', 'C2', { cid: 'c', envelope: 'd' });
    writeKeptStatesFile(ENDPOINT, CONTROLLER, { time: 1, envelope: 'e' });
    writeKeptStatesUpdate('wss://other/', 'C2', { time: 1, envelope: 'f' });
    localStorage.setItem('rpc-parachain', 'ws://127.0.0.1:9944');
    clearHomeConfigCache();
    expect(Object.keys(localStorage)).toEqual(['rpc-parachain']);
  });
});

describe('home states kept on this device', () => {
  const key = `hastates:${ENDPOINT}:${CONTROLLER}`;

  it('keeps the states file and a newer update apart, as served, under hastates: and haupdate:', () => {
    writeKeptStatesFile(ENDPOINT, CONTROLLER, { time: 100, envelope: '{"data":"file"}' });
    writeKeptStatesUpdate(ENDPOINT, CONTROLLER, { time: 200, envelope: '{"data":"update"}' });
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({
      time: 100,
      envelope: '{"data":"file"}',
    });
    expect(JSON.parse(localStorage.getItem(`haupdate:${ENDPOINT}:${CONTROLLER}`)!)).toEqual({
      time: 200,
      envelope: '{"data":"update"}',
    });
    expect(readKeptStates(ENDPOINT, CONTROLLER)?.update?.envelope).toBe('{"data":"update"}');
  });

  it('drops an update older than a new file, and never goes back to older data', () => {
    writeKeptStatesUpdate(ENDPOINT, CONTROLLER, { time: 200, envelope: 'u200' });
    writeKeptStatesFile(ENDPOINT, CONTROLLER, { time: 300, envelope: 'f300' });
    expect(readKeptStates(ENDPOINT, CONTROLLER)).toEqual({
      file: { time: 300, envelope: 'f300' },
      update: null,
    });
    writeKeptStatesFile(ENDPOINT, CONTROLLER, { time: 250, envelope: 'f250' });
    writeKeptStatesUpdate(ENDPOINT, CONTROLLER, { time: 400, envelope: 'u400' });
    writeKeptStatesUpdate(ENDPOINT, CONTROLLER, { time: 350, envelope: 'u350' });
    expect(readKeptStates(ENDPOINT, CONTROLLER)).toEqual({
      file: { time: 300, envelope: 'f300' },
      update: { time: 400, envelope: 'u400' },
    });
  });

  it('keeps no file too large for storage, and drops what it cannot read', () => {
    writeKeptStatesFile(ENDPOINT, CONTROLLER, {
      time: 1,
      envelope: 'x'.repeat(MAX_KEPT_STATES_CHARS + 1),
    });
    expect(readKeptStates(ENDPOINT, CONTROLLER)).toBeNull();
    localStorage.setItem(key, '{"time": "not a time"}');
    expect(readKeptStates(ENDPOINT, CONTROLLER)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("makes room by dropping other homes' states when storage is full", () => {
    writeKeptStatesFile('wss://other/', 'C2', { time: 1, envelope: 'other home' });
    writeConfigEnvelope(ENDPOINT, CONTROLLER, { cid: 'a', envelope: 'config' });
    const setItem = Storage.prototype.setItem;
    let refused = false;
    Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
      // Full until another home's states are gone.
      if (name === key && this.getItem('hastates:wss://other/:C2') !== null) {
        refused = true;
        throw new DOMException('full', 'QuotaExceededError');
      }
      setItem.call(this, name, value);
    };
    try {
      writeKeptStatesFile(ENDPOINT, CONTROLLER, { time: 2, envelope: 'this home' });
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(refused).toBe(true);
    expect(readKeptStates(ENDPOINT, CONTROLLER)?.file?.envelope).toBe('this home');
    expect(localStorage.getItem('hastates:wss://other/:C2')).toBeNull();
    expect(readConfigEnvelope(ENDPOINT, CONTROLLER)?.envelope).toBe('config');
  });
});
