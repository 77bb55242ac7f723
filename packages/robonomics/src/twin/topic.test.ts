import { describe, expect, it } from 'vitest';
import { ALTRUIST_TOPIC, textToTopic, topicFromInput, topicToText } from './topic.ts';

describe('twin topics', () => {
  it('puts text right-aligned in 32 bytes and reads it back', () => {
    expect(ALTRUIST_TOPIC).toBe(
      '0x000000000000000000000000000000000000000000000000616c747275697374',
    );
    expect(topicToText(ALTRUIST_TOPIC)).toBe('altruist');
    expect(textToTopic('/ha_registration')).toBe(
      '0x000000000000000000000000000000002f68615f726567697374726174696f6e',
    );
    expect(() => textToTopic('x'.repeat(33))).toThrow('max 32');
  });

  it('takes 0x as is, CIDv0 as its digest, and text otherwise', () => {
    expect(topicFromInput(`0x${'AB'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    expect(topicFromInput('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')).toBe(
      '0x9d6c2be50f706953479ab9df2ce3edca90b68053c00b3004b7f0accbe1e8eedf',
    );
    expect(topicFromInput('energy')).toBe(textToTopic('energy'));
    expect(() => topicFromInput('0x12')).toThrow('64 hex characters');
    expect(() => topicFromInput('')).toThrow('Enter a topic.');
  });

  it('decodes odd-length hex after stripping zeros', () => {
    expect(topicToText('0x00000a')).toBe('\n');
  });
});
