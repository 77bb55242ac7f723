import { encodeAddress } from '@dedot/utils';
import { describe, expect, it } from 'vitest';
import { decryptEnvelope } from '../crypto/envelope.ts';
import { pairFromUri } from '../crypto/keys.ts';
import { controllerTwinPlan, EMPTY_HOME_STATES, emptyHomeFile } from './controller-twin.ts';

describe("the controller's twin before Home Assistant runs", () => {
  it('needs a twin and a record naming a file, each only when missing', () => {
    expect(controllerTwinPlan({ twins: [], lastRecordIsFile: false })).toEqual({
      twin: true,
      record: true,
    });
    expect(controllerTwinPlan({ twins: [4], lastRecordIsFile: false })).toEqual({
      twin: false,
      record: true,
    });
    expect(controllerTwinPlan({ twins: [], lastRecordIsFile: true })).toEqual({
      twin: true,
      record: false,
    });
    expect(controllerTwinPlan({ twins: [4], lastRecordIsFile: true })).toBeNull();
  });

  it("writes an empty home's states as Home Assistant seals them, openable by the controller and the users", () => {
    expect(EMPTY_HOME_STATES).toBe('{"devices": {}, "entities": {}, "twin_id": -1}');
    const controller = pairFromUri('//Controller', 'ed25519');
    const user = pairFromUri('//User', 'ed25519');
    const userAddress = encodeAddress(user.publicKey, 32);
    const controllerAddress = encodeAddress(controller.publicKey, 32);
    const file = JSON.parse(emptyHomeFile(controller, [userAddress])) as Record<string, string>;
    expect(Object.keys(file)).toEqual([userAddress, controllerAddress, 'data']);
    // Home Assistant opens it as the controller, as it reads its own last telemetry.
    expect(decryptEnvelope(file, controller, controllerAddress, controller.publicKey)).toBe(
      EMPTY_HOME_STATES,
    );
    expect(decryptEnvelope(file, user, userAddress, controller.publicKey)).toBe(EMPTY_HOME_STATES);
  });
});
