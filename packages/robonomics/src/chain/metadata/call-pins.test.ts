import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { $Metadata } from 'dedot/codecs';
import { describe, expect, it } from 'vitest';
import { CALL_PINS, callPlaces, misplacedCall } from './call-pins.ts';

const bytes = new Uint8Array(
  readFileSync(
    fileURLToPath(
      new URL('../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
    ),
  ),
);
/** The metadata's latest form, as a node might have changed it (a fresh copy each time). */
const decode = () => ({ latest: $Metadata.tryDecode(bytes).latest });

describe('the calls the app sends, pinned where the real runtime has them', () => {
  it('match the spec-43 metadata of the real runtime', () => {
    expect(callPlaces(decode())).toEqual(CALL_PINS);
    expect(misplacedCall(decode())).toBeNull();
  });

  it('find a call moved to another index, a renamed call and a changed argument', () => {
    const moved = decode();
    const datalog = moved.latest.pallets.find((p) => p.name === 'Datalog')!;
    datalog.index = 31;
    expect(misplacedCall(moved)).toBe('Datalog.record');

    const renamed = decode();
    const rws = renamed.latest.pallets.find((p) => p.name === 'RWS')!;
    const calls = renamed.latest.types[rws.calls!.typeId]!.typeDef;
    if (calls.type !== 'Enum') throw new Error('RWS calls are no enum');
    calls.value.members.find((m) => m.name === 'set_devices')!.name = 'set_devices_v2';
    expect(misplacedCall(renamed)).toBe('RWS.set_devices');

    // A node saying datalog.record takes an account, not bytes: every byte would mean another.
    const reshaped = decode();
    const callsOf = (pallet: string) => {
      const def =
        reshaped.latest.types[
          reshaped.latest.pallets.find((p) => p.name === pallet)!.calls!.typeId
        ]!.typeDef;
      if (def.type !== 'Enum') throw new Error(`${pallet} calls are no enum`);
      return def.value.members;
    };
    const record = callsOf('Datalog').find((m) => m.name === 'record')!;
    record.fields[0]!.typeId = callsOf('Launch').find((m) => m.name === 'launch')!
      .fields[0]!.typeId;
    expect(misplacedCall(reshaped)).toBe('Datalog.record');
    // A call nested as an argument (RuntimeCall) is not followed: a runtime upgrade adding calls
    // elsewhere changes no pin.
    expect(callPlaces(decode())['RWS.call']).toEqual(CALL_PINS['RWS.call']);
  });
});
