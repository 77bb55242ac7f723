import { describe, expect, it } from 'vitest';
import {
  EVERY_FIELD as all,
  SAMPLE_CONTROLLER as controller,
  SAMPLE_OWNER as owner,
  SAMPLE_SETUP as setup,
} from '../../test-support/setup-file-sample.ts';
import { restoreSetups } from './restore.ts';
import { writeSetupFile } from './write.ts';

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
