import { encodeAddress } from '@dedot/utils';
import { encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  writeKeptStatesFile,
  writeKeptStatesUpdate,
} from '../../../lib/storage/home-config-cache.ts';
import { homeBase } from '../hooks/use-live-states.ts';
import { openKeptStates } from './kept-home.ts';
import type { LoadedHome } from './load-home.ts';

const controller = pairFromUri(
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
  'ed25519',
);
const bob = pairFromUri('//Bob', 'ed25519');
const eve = pairFromUri('//Eve', 'ed25519');
const address = (p: typeof bob) => encodeAddress(p.publicKey, 32);
const keys = { user: bob, userAddress: address(bob), controller: address(controller) };
const ENDPOINT = 'ws://127.0.0.1:9944';

/** The home's states as the controller publishes them, sealed for Bob. */
const sealed = (state: string, history: { state: string; date: string }[] = []) =>
  encryptForDevices(
    `{'devices': {}, 'entities': {'switch.lamp': {'units': 'None', 'state': '${state}', 'attributes': {'friendly_name': 'Lamp'}, 'history': ${JSON.stringify(history)}}}, 'twin_id': 3}`,
    controller,
    [address(bob)],
  ).json;
const lamp = (
  home: { states: { entities: Record<string, { state: string; history?: unknown[] }> } } | null,
) => home?.states.entities['switch.lamp'];

beforeEach(() => localStorage.clear());

describe('the home kept on this device', () => {
  it('opens the kept states file with the newer update on top, its history kept', async () => {
    const history = [{ state: 'off', date: '2026-01-01 10:00:00.000000+00:00' }];
    writeKeptStatesFile(ENDPOINT, keys.controller, {
      time: 1_000,
      envelope: sealed('off', history),
    });
    writeKeptStatesUpdate(ENDPOINT, keys.controller, { time: 2_000, envelope: sealed('on') });
    const kept = await openKeptStates(ENDPOINT, keys);
    expect(kept?.time).toBe(2_000);
    expect(lamp(kept)?.state).toBe('on');
    expect(lamp(kept)?.history).toHaveLength(2);
    expect(kept?.update?.time).toBe(2_000);
  });

  it('is nothing for a user its envelopes are not for, or when none is kept', async () => {
    expect(await openKeptStates(ENDPOINT, keys)).toBeNull();
    writeKeptStatesFile(ENDPOINT, keys.controller, { time: 1_000, envelope: sealed('off') });
    expect(
      await openKeptStates(ENDPOINT, { ...keys, user: eve, userAddress: address(eve) }),
    ).toBeNull();
  });

  it("lets a kept update newer than the chain's record stay on top of the chain's home", async () => {
    writeKeptStatesFile(ENDPOINT, keys.controller, { time: 1_000, envelope: sealed('off') });
    writeKeptStatesUpdate(ENDPOINT, keys.controller, { time: 3_000, envelope: sealed('on') });
    const kept = await openKeptStates(ENDPOINT, keys);
    const chainRecord = await openKeptStatesFrom(
      sealed('off', [{ state: 'off', date: '2026-01-01 10:00:00.000000+00:00' }]),
    );
    const loaded = { states: chainRecord, time: 2_000 } as LoadedHome;
    const base = homeBase(loaded, kept);
    expect(base?.time).toBe(3_000);
    expect(lamp(base)?.state).toBe('on');
    // The chain's history stays; the update's state is added to it.
    expect(lamp(base)?.history).toHaveLength(2);
    // A record newer than the update wins; without a chain home, the kept one is the base.
    const newer = { ...loaded, time: 4_000 };
    expect(homeBase(newer, kept)).toBe(newer);
    expect(homeBase(undefined, kept)).toBe(kept);
  });
});

/** States as the chain's home would have opened them. */
async function openKeptStatesFrom(envelope: string) {
  localStorage.clear();
  writeKeptStatesFile(ENDPOINT, keys.controller, { time: 1, envelope });
  const opened = await openKeptStates(ENDPOINT, keys);
  return opened!.states;
}
