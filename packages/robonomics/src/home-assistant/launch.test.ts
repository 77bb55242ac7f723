import { encodeAddress } from '@dedot/utils';
import { describe, expect, it } from 'vitest';
import { DecryptError, decryptMessage, encryptMessage } from '../crypto/box.ts';
import { pairFromUri } from '../crypto/keys.ts';
import {
  VECTOR_CONTROLLER_ADDRESS as CONTROLLER,
  VECTOR_CONTROLLER as controller,
  VECTOR_USER_ADDRESS as USER,
  VECTOR_USER as user,
} from '../test-support/crypto-vectors.ts';
import {
  buildHaPassRecord,
  buildLaunchCommand,
  chainLaunchProblem,
  DATALOG_RECORD_LIMIT,
  decryptHaPassAsController,
  decryptHaPassAsUser,
  HA_REGISTRATION_PARAM,
  isHaPassRecordFor,
  latestHaPassword,
  parseHaPassRecord,
  parseLaunchCommand,
  serializeLaunchCommand,
  toServiceCall,
} from './launch.ts';

const OWNER_KEY = pairFromUri('//Alice', 'sr25519').publicKey;
const OWNER = encodeAddress(OWNER_KEY, 32);
const NONCE = Uint8Array.from({ length: 24 }, (_, i) => i);
const LAUNCH =
  '{"platform":"light","name":"turn_on","params":{"entity_id":"light.lamp","brightness":128,"rgb_color":[30,30,230]}}';
const LAUNCH_BOX =
  '0x000102030405060708090a0b0c0d0e0f101112131415161749031855b5f56c07c053e5d367c05f458414f655cf765a1678ef282e4f780dc84c2d277e36909300a765c5522f69662e981688433af253c7370e54f7d07c42b1ba82b54e7e0016160e7ab1735d6d2c313074a408c30625a21e9aba989780029c5f53ea12ad1434f0f953592eee2da5ae341a7524c620ffcef85e18c1f57bbdd2ae42';

const lampOn = () =>
  buildLaunchCommand('light', 'turn_on', 'light.lamp', {
    brightness: 128,
    rgb_color: [30, 30, 230],
  });

describe('launch commands', () => {
  it('builds the vector command byte for byte and boxes it to the vector ciphertext', () => {
    const text = serializeLaunchCommand(lampOn());
    expect(text).toBe(LAUNCH);
    expect(encryptMessage(text, user, CONTROLLER, NONCE)).toBe(LAUNCH_BOX);
    const back = parseLaunchCommand(decryptMessage(LAUNCH_BOX, controller, USER));
    expect(back).toEqual({ ok: true, value: lampOn() });
  });

  it('has the registration parameter of the vectors', () => {
    expect(HA_REGISTRATION_PARAM).toBe(
      '0x000000000000000000000000000000002f68615f726567697374726174696f6e',
    );
  });

  it('maps a command to the HA service call (docs/home-assistant.md, Commands)', () => {
    expect(toServiceCall(lampOn())).toEqual({
      domain: 'light',
      service: 'turn_on',
      data: { brightness: 128, rgb_color: [30, 30, 230] },
      target: { entity_id: 'light.lamp' },
    });
    const toggle = buildLaunchCommand('switch', 'toggle', 'switch.kettle');
    expect(serializeLaunchCommand(toggle)).toBe(
      '{"platform":"switch","name":"toggle","params":{"entity_id":"switch.kettle"}}',
    );
    expect(toServiceCall(toggle).data).toBeNull();
    const select = buildLaunchCommand('select', 'select_option', 'select.mode', {
      option: 'eco',
      skipped: undefined,
    });
    expect(select.params).toEqual({ entity_id: 'select.mode', option: 'eco' });
  });

  it('refuses malformed names and a second entity id', () => {
    expect(() => buildLaunchCommand('Light', 'turn_on', 'light.lamp')).toThrow('domain');
    expect(() => buildLaunchCommand('light', 'turn on', 'light.lamp')).toThrow('service name');
    expect(() => buildLaunchCommand('light', 'turn_on', 'lamp')).toThrow('not an entity id');
    expect(() =>
      buildLaunchCommand('light', 'turn_on', 'light.lamp', { entity_id: 'x.y' }),
    ).toThrow('apart from the service data');
  });

  it('parses commands from JSON, Python text or objects and explains what is missing', () => {
    expect(parseLaunchCommand(JSON.parse(LAUNCH))).toEqual({ ok: true, value: lampOn() });
    expect(
      parseLaunchCommand(
        "{'platform': 'switch', 'name': 'turn_off', 'params': {'entity_id': 'switch.a'}}",
      ),
    ).toMatchObject({ ok: true, value: { platform: 'switch' } });
    expect(parseLaunchCommand({ name: 'x', params: { entity_id: 'a.b' } })).toEqual({
      ok: false,
      error: 'The launch command has no "platform" (Home Assistant domain).',
    });
    expect(parseLaunchCommand({ platform: 'a', params: { entity_id: 'a.b' } })).toMatchObject({
      ok: false,
      error: expect.stringContaining('"name"'),
    });
    expect(parseLaunchCommand({ platform: 'a', name: 'b', params: {} })).toMatchObject({
      ok: false,
      error: expect.stringContaining('params.entity_id'),
    });
    expect(parseLaunchCommand('0x1234')).toMatchObject({ ok: false });
    expect(parseLaunchCommand(['platform'])).toMatchObject({ ok: false });
  });

  it('flags commands that HA cannot read from a chain launch file (literal_eval)', () => {
    expect(chainLaunchProblem(lampOn())).toBeUndefined();
    expect(chainLaunchProblem(buildLaunchCommand('light', 'turn_on', 'light.a', { x: true }))).toBe(
      'command.params.x is true, which Home Assistant cannot read from the chain; use 1 or 0.',
    );
    expect(
      chainLaunchProblem(buildLaunchCommand('text', 'set_value', 'text.a', { value: null })),
    ).toContain('is null');
    expect(
      chainLaunchProblem(buildLaunchCommand('text', 'set_value', 'text.a', { value: 'Лампа' })),
    ).toContain('non-ASCII');
    expect(
      chainLaunchProblem(buildLaunchCommand('text', 'set_value', 'text.a', { value: 'a"b' })),
    ).toContain('quote or backslash');
    expect(
      chainLaunchProblem(buildLaunchCommand('text', 'set_value', 'text.a', { list: [1, [false]] })),
    ).toContain('command.params.list[1][0] is false');
    expect(
      chainLaunchProblem(buildLaunchCommand('text', 'set_value', 'text.a', { v: "it's" })),
    ).toBe(undefined);
  });
});

describe('Home Assistant password record', () => {
  const build = (password = 'Pa55word!x') =>
    buildHaPassRecord({
      subscription: encodeAddress(OWNER_KEY, 42),
      user,
      controller: controller.publicKey,
      password,
      nonce: NONCE,
    });

  it('writes compact JSON with keys subscription, ha, admin, user, addresses in SS58-32', () => {
    const text = build();
    const admin = encryptMessage('Pa55word!x', user, controller.publicKey, NONCE);
    const own = encryptMessage('Pa55word!x', user, user.publicKey, NONCE);
    expect(text).toBe(
      `{"subscription":"${OWNER}","ha":"${CONTROLLER}","admin":"${admin}","user":"${own}"}`,
    );
    // "Roughly 350 bytes" for a 10-character password (docs/home-assistant.md, Users).
    expect(text).toHaveLength(348);
  });

  it('lets the controller open "admin" and the user open "user"', () => {
    const parsed = parseHaPassRecord(build());
    if (!parsed.ok) throw new Error(parsed.error);
    const record = parsed.value;
    expect(isHaPassRecordFor(record, OWNER, CONTROLLER)).toBe(true);
    expect(decryptHaPassAsController(record, controller, USER)).toBe('Pa55word!x');
    expect(decryptHaPassAsUser(record, user)).toBe('Pa55word!x');
    // Each copy opens only for its own reader.
    expect(() =>
      decryptHaPassAsController({ ...record, admin: record.user! }, controller, USER),
    ).toThrow(DecryptError);
    expect(() => decryptHaPassAsController(record, pairFromUri('//Eve'), USER)).toThrow(
      DecryptError,
    );
  });

  it("finds a user's newest own password in their datalog", () => {
    const records = [
      { text: build('first-pass') },
      { text: 'hello' },
      { text: build('second-pass') },
      // For another controller, and one written by someone else: both skipped.
      {
        text: buildHaPassRecord({
          subscription: OWNER,
          user,
          controller: pairFromUri('//Eve').publicKey,
          password: 'other-controller',
        }),
      },
      {
        text: buildHaPassRecord({
          subscription: OWNER,
          user: pairFromUri('//Eve'),
          controller: CONTROLLER,
          password: 'not-mine',
        }),
      },
    ];
    // The owner may be given in any SS58 format.
    expect(latestHaPassword(records, encodeAddress(OWNER_KEY, 42), CONTROLLER, user)).toBe(
      'second-pass',
    );
    expect(latestHaPassword(records.slice(0, 2), OWNER, CONTROLLER, user)).toBe('first-pass');
    expect(latestHaPassword(records.slice(1, 2), OWNER, CONTROLLER, user)).toBeNull();
    expect(latestHaPassword(records, OWNER, USER, user)).toBeNull();
  });

  it('compares owner and controller as text, as HA does', () => {
    const parsed = parseHaPassRecord(build());
    if (!parsed.ok) throw new Error(parsed.error);
    expect(isHaPassRecordFor(parsed.value, encodeAddress(OWNER_KEY, 42), CONTROLLER)).toBe(false);
    expect(isHaPassRecordFor(parsed.value, OWNER, USER)).toBe(false);
  });

  it('refuses empty or over-long passwords and non-ed25519 users', () => {
    expect(() => build('')).toThrow('The password is empty.');
    // 308 bytes of JSON and addresses + 4 hex characters per password byte (two boxes).
    expect(build('x'.repeat(51))).toHaveLength(DATALOG_RECORD_LIMIT);
    expect(() => build('x'.repeat(52))).toThrow(
      'the record is 516 bytes, over the 512-byte datalog limit',
    );
    expect(() =>
      buildHaPassRecord({
        subscription: OWNER,
        user: pairFromUri('//Bob', 'sr25519'),
        controller: CONTROLLER,
        password: 'x',
      }),
    ).toThrow('must be ed25519');
    expect(() =>
      buildHaPassRecord({ subscription: 'nobody', user, controller: CONTROLLER, password: 'x' }),
    ).toThrow('not a valid account address');
  });

  it('parses records tolerantly but refuses other datalog records', () => {
    const parsed = parseHaPassRecord(new TextEncoder().encode(build()));
    expect(parsed).toMatchObject({ ok: true, value: { subscription: OWNER, ha: CONTROLLER } });
    const noUserCopy = parseHaPassRecord({ subscription: OWNER, ha: CONTROLLER, admin: '0x00' });
    expect(noUserCopy).toEqual({
      ok: true,
      value: { subscription: OWNER, ha: CONTROLLER, admin: '0x00' },
    });
    if (noUserCopy.ok) {
      expect(() => decryptHaPassAsUser(noUserCopy.value, user)).toThrow(DecryptError);
    }
    expect(parseHaPassRecord('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')).toMatchObject({
      ok: false,
    });
    expect(parseHaPassRecord({ subscription: OWNER, ha: CONTROLLER })).toEqual({
      ok: false,
      error: 'This is not a Home Assistant password record (subscription, ha, admin).',
    });
    expect(
      parseHaPassRecord({ subscription: OWNER, ha: CONTROLLER, admin: '0x', user: 5 }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('"user"') });
  });
});
