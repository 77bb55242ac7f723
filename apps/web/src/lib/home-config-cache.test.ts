import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearHomeConfigCache,
  readConfigEnvelope,
  removePlaintextConfigs,
  writeConfigEnvelope,
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

  it('clears every cached config on sign-out and nothing else', () => {
    writeConfigEnvelope(ENDPOINT, CONTROLLER, { cid: 'a', envelope: 'b' });
    writeConfigEnvelope('wss://other/', 'C2', { cid: 'c', envelope: 'd' });
    localStorage.setItem('rpc-parachain', 'ws://127.0.0.1:9944');
    clearHomeConfigCache();
    expect(Object.keys(localStorage)).toEqual(['rpc-parachain']);
  });
});
