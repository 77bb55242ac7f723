import type { HaEntityState, HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';

/** What a Robonomics relay draws itself with its load switched off (W), as the sample home has it. */
export const RELAY_STANDBY_WATTS = 0.4;
/** The load's draw when its earlier draw is unknown (W). */
const DEFAULT_LOAD_WATTS = 40;
const MAINS_VOLTS = 230;

/** The device's sensor of a device class (power, current, voltage), if it has one. */
function sensorOf(states: HaStates, entityIds: readonly string[], deviceClass: string) {
  const id = entityIds.find(
    (entityId) =>
      entityId.startsWith('sensor.') &&
      states.entities[entityId]?.attributes.device_class === deviceClass,
  );
  return id ? { id, entity: states.entities[id] as HaEntityState } : undefined;
}

const reading = (state: string | undefined) => {
  const value = Number(state);
  return state !== undefined && Number.isFinite(value) ? value : undefined;
};

/** The load's draw the last time it was on: the newest power reading above the standby draw. */
function lastLoadWatts(power: HaEntityState): number {
  const values = [...(power.history ?? []).map((entry) => entry.state), power.state];
  for (let i = values.length - 1; i >= 0; i -= 1) {
    const watts = reading(values[i]);
    if (watts !== undefined && watts > RELAY_STANDBY_WATTS * 2) return watts;
  }
  return DEFAULT_LOAD_WATTS;
}

/**
 * A metered relay (a switch whose device also has power and current sensors, like the
 * Robonomics relays with energy metering) reports its load's draw once its switch changed: the
 * load's last draw when on, the relay's own standby draw when off, and the current that follows
 * at the measured voltage. Returns the new sensor states to set; none for other switches.
 */
export function relayReadings(states: HaStates, switchId: string): Record<string, string> {
  if (!switchId.startsWith('switch.')) return {};
  const device = Object.values(states.devices).find((d) => d.entities.includes(switchId));
  const power = device && sensorOf(states, device.entities, 'power');
  if (!device || !power) return {};
  const on = states.entities[switchId]?.state === 'on';
  const watts = on ? lastLoadWatts(power.entity) : RELAY_STANDBY_WATTS;
  const volts = reading(sensorOf(states, device.entities, 'voltage')?.entity.state) ?? MAINS_VOLTS;
  const current = sensorOf(states, device.entities, 'current');
  return {
    [power.id]: watts.toFixed(1),
    ...(current ? { [current.id]: (watts / volts).toFixed(3) } : {}),
  };
}
