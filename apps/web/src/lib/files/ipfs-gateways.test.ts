import { beforeEach, describe, expect, it, vi } from 'vitest';

const load = () => import('./ipfs-gateways.ts');

describe('the gateway choice on this device', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('starts from the profile gateways as bare origins, none picked', async () => {
    const { gatewaySelector } = await load();
    const { entries, picked } = gatewaySelector.snapshot();
    expect(entries.map((e) => e.origin)).toEqual([
      'https://ipfs.url.today',
      'https://ipfs.io',
      'https://gateway.pinata.cloud',
    ]);
    expect(picked).toBeNull();
  });

  it('keeps user gateways and the picked one under the keys of docs/ipfs-gateways.md', async () => {
    const { gatewaySelector, PICKED_GATEWAY_KEY, USER_GATEWAYS_KEY, ipfsLink } = await load();
    expect(gatewaySelector.add('https://user:pw@gw.example')).toMatchObject({ ok: false });
    expect(localStorage.getItem(USER_GATEWAYS_KEY)).toBeNull();
    expect(gatewaySelector.add('gw.example/ipfs/')).toEqual({
      ok: true,
      origin: 'https://gw.example',
    });
    expect(JSON.parse(localStorage.getItem(USER_GATEWAYS_KEY)!)).toEqual(['https://gw.example']);
    expect(localStorage.getItem(PICKED_GATEWAY_KEY)).toBe('https://gw.example');
    expect(ipfsLink('Qm1/a.png')).toBe('https://gw.example/ipfs/Qm1/a.png');

    vi.resetModules();
    const again = await load();
    expect(again.gatewaySelector.snapshot()).toMatchObject({ picked: 'https://gw.example' });
    expect(again.gatewaySelector.snapshot().entries.at(-1)).toMatchObject({
      origin: 'https://gw.example',
      user: true,
    });
    again.gatewaySelector.remove('https://gw.example');
    expect(JSON.parse(localStorage.getItem(USER_GATEWAYS_KEY)!)).toEqual([]);
    expect(localStorage.getItem(PICKED_GATEWAY_KEY)).toBeNull();
  });

  it('ignores a corrupted list and a picked gateway that is not listed', async () => {
    localStorage.setItem('ipfs-smart-gateway:user-gateways', '{oops');
    localStorage.setItem('ipfs-smart-gateway:picked', 'https://gone.example/ipfs/');
    const { gatewaySelector } = await load();
    expect(gatewaySelector.snapshot().picked).toBeNull();
    expect(gatewaySelector.snapshot().entries).toHaveLength(3);
  });
});
