import { describe, expect, it } from 'vitest';
import {
  homeSnapshotId,
  openHomeMarkup,
  openHomeSnapshot,
  sealHomeSnapshot,
} from './sealed-home-snapshot.ts';
import { sealUserKey } from './sealed-key.ts';

const view = { user: '4Gv…Bob', endpoint: 'ws://127.0.0.1:9944', controller: '4Ctl…', time: 1 };
const states = JSON.stringify({ entities: { 'light.kitchen': { state: 'on' } } });

describe('a home view sealed on this device', () => {
  it('opens with the key that seals the user’s phrase, and holds no readable states', async () => {
    const { key } = await sealUserKey(view.user, 'legal winner thank year');
    const sealed = await sealHomeSnapshot(key, view, states);
    expect(sealed.id).toBe(homeSnapshotId(view.user, view.endpoint, view.controller));
    expect(sealed.time).toBe(1);
    expect(new TextDecoder('latin1').decode(sealed.sealed)).not.toContain('kitchen');
    expect(await openHomeSnapshot(key, sealed)).toBe(states);
  });

  it('does not open with another key, under another id, or changed', async () => {
    const { key } = await sealUserKey(view.user, 'legal winner thank year');
    const { key: other } = await sealUserKey(view.user, 'legal winner thank year');
    const sealed = await sealHomeSnapshot(key, view, states);
    await expect(openHomeSnapshot(other, sealed)).rejects.toThrow();
    // Moved to another user's or home's place, it no longer opens.
    const moved = { ...sealed, id: homeSnapshotId('4Eve…', view.endpoint, view.controller) };
    await expect(openHomeSnapshot(key, moved)).rejects.toThrow();
    const bytes = new Uint8Array(sealed.sealed.slice(0));
    bytes[3]! ^= 1;
    await expect(openHomeSnapshot(key, { ...sealed, sealed: bytes.buffer })).rejects.toThrow();
  });

  it('keeps the page’s markup sealed apart, which cannot pass for the states', async () => {
    const { key } = await sealUserKey(view.user, 'legal winner thank year');
    const markup =
      '<section aria-label="Home"><article data-entity="light.kitchen">On</article></section>';
    const sealed = await sealHomeSnapshot(key, view, states, markup);
    expect(new TextDecoder('latin1').decode(sealed.markup?.sealed)).not.toContain('kitchen');
    expect(await openHomeMarkup(key, sealed)).toBe(markup);
    expect(await openHomeSnapshot(key, sealed)).toBe(states);
    // Swapped, neither opens: each is bound to what it is.
    const swapped = { ...sealed, iv: sealed.markup!.iv, sealed: sealed.markup!.sealed };
    await expect(openHomeSnapshot(key, swapped)).rejects.toThrow();
    // None kept: none to paint.
    expect(await openHomeMarkup(key, await sealHomeSnapshot(key, view, states))).toBeNull();
  });
});
