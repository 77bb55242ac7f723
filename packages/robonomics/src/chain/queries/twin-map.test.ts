import { describe, expect, it } from 'vitest';
import { decodeTwinMap, fetchTwinMap, twinMapKey } from './twin-map.ts';

// Read from the devnet with @polkadot/api's metadata-driven codec: the key of
// DigitalTwin.DigitalTwin(1) and its value, one topic whose source is the seeded controller.
const KEY_OF_TWIN_1 =
  '0xa356c695fcf3012370657d354149d4c4a356c695fcf3012370657d354149d4c45153cb1f00942ff401000000';
const TOPIC = '0x4146dcf058bae0b230bda8e00ce821cb150c3700f5f09470e1d9bb5f06f89d27';
const CONTROLLER_KEY = '7b4344ead732d6beeeded95d39e330ef0c16ae806046b296737dababb8a0b80d';
const CONTROLLER = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';

describe('a twin read by storage key', () => {
  it('builds the key as the runtime does (twox64Concat of the u32 id)', () => {
    expect(twinMapKey(1)).toBe(KEY_OF_TWIN_1);
  });

  it('decodes the topics and their sources', () => {
    expect(decodeTwinMap(`0x04${TOPIC.slice(2)}${CONTROLLER_KEY}`)).toEqual([
      { topic: TOPIC, source: CONTROLLER },
    ]);
    expect(decodeTwinMap('0x00')).toEqual([]);
  });

  it('refuses a value cut short, and reads a missing twin as no topics', async () => {
    expect(() => decodeTwinMap(`0x08${TOPIC.slice(2)}${CONTROLLER_KEY}`)).toThrow('cut short');
    const asked: string[] = [];
    expect(
      await fetchTwinMap(async (key) => {
        asked.push(key);
        return null;
      }, 1),
    ).toEqual([]);
    expect(asked).toEqual([KEY_OF_TWIN_1]);
  });
});
