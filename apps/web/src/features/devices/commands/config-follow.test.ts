import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { describe, expect, it } from 'vitest';
import { dialKey, dialTargetOf, noPeerReason } from './config-follow.ts';

const RELAYED = '/ip4/127.0.0.1/tcp/9998/ws/p2p/12D3KooWRelay/p2p-circuit/p2p/12D3KooWHome';
const config = (peer_id: string, libp2p_multiaddress: (string | null)[] = []) =>
  ({ peer_id, libp2p_multiaddress }) as unknown as HaConfig;

describe('following the config', () => {
  it('dials nothing for a config without a peer, and says so', () => {
    expect(dialTargetOf(config(''))).toBeNull();
    expect(noPeerReason(config(''), '09:41')).toBe(
      "the home's config names no libp2p peer yet (config read at 09:41)",
    );
    expect(noPeerReason(null, null)).toBe("the home's config has not been found yet");
  });

  it('tells the same peer from a new one, none from some and some from none', () => {
    const home = config('12D3KooWHome', [RELAYED, null]);
    expect(dialTargetOf(home)).toEqual({ peerId: '12D3KooWHome', addresses: [RELAYED] });
    expect(dialKey(config('12D3KooWHome', [RELAYED]))).toBe(dialKey(home));
    expect(dialKey(config('12D3KooWOther', [RELAYED]))).not.toBe(dialKey(home));
    expect(dialKey(config('12D3KooWHome', []))).not.toBe(dialKey(home));
    expect(dialKey(home)).not.toBe('');
    expect(dialKey(null)).toBe('');
  });

  it('keys a config by what is dialled only', () => {
    expect(dialKey(config('12D3KooWHome', [RELAYED]))).toBe(
      dialKey(config('12D3KooWHome', [RELAYED, null])),
    );
    expect(dialKey(config(''))).toBe('');
  });
});
