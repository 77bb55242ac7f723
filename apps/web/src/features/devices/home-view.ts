import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import {
  entityDomain,
  type HaEntityState,
  type HaStates,
  parseHaDate,
} from '@robonomics-dapp/robonomics/home-assistant/states';

/** Domain → category tab, as the original dashboard groups them (docs/product-rules.md). */
const CATEGORY_OF: Record<string, string> = {
  light: 'Lighting',
  switch: 'Switches & Outlets',
  outlet: 'Switches & Outlets',
  fan: 'Switches & Outlets',
  cover: 'Switches & Outlets',
  input_boolean: 'Switches & Outlets',
  valve: 'Switches & Outlets',
  sensor: 'Sensors & Detectors',
  binary_sensor: 'Sensors & Detectors',
  climate: 'Climate & HVAC',
  humidifier: 'Climate & HVAC',
  water_heater: 'Climate & HVAC',
  alarm_control_panel: 'Security & Locks',
  lock: 'Security & Locks',
  camera: 'Security & Locks',
  media_player: 'Media & Entertainment',
  device_tracker: 'Device Tracking',
  person: 'Device Tracking',
  weather: 'Forecast',
  automation: 'Automations',
};
export const CATEGORY_ORDER = [
  'Lighting',
  'Switches & Outlets',
  'Sensors & Detectors',
  'Climate & HVAC',
  'Security & Locks',
  'Media & Entertainment',
  'Device Tracking',
  'Forecast',
  'Other Devices',
  'Automations',
];
export const NO_AREA = 'No Area';

export interface EntityView {
  id: string;
  domain: string;
  name: string;
  state: string;
  units: string | null;
  attributes: Record<string, unknown>;
  /** Time of the newest history entry, ms. */
  updated: number | null;
  history: { time: number; state: string }[];
  area: string;
  category: string;
}

export function isUnavailable(state: string): boolean {
  return state === 'unavailable' || state === 'unknown';
}

function nameOf(id: string, entity: HaEntityState): string {
  const friendly = entity.attributes.friendly_name;
  return typeof friendly === 'string' && friendly.trim() ? friendly : id;
}

/** Flattens the states dump into entity views with their area (from the device) and category. */
export function entityViews(states: HaStates): EntityView[] {
  const areaOf = new Map<string, string>();
  for (const device of Object.values(states.devices)) {
    const area = device.area_id || device.suggested_area || NO_AREA;
    for (const id of device.entities) areaOf.set(id, area);
  }
  return Object.entries(states.entities).map(([id, entity]) => {
    const domain = entityDomain(id);
    const history = (entity.history ?? [])
      .map((h) => ({ time: parseHaDate(h.date) ?? Number.NaN, state: h.state }))
      .filter((h) => Number.isFinite(h.time))
      .sort((a, b) => a.time - b.time);
    return {
      id,
      domain,
      name: nameOf(id, entity),
      state: entity.state,
      units: entity.units && entity.units !== 'None' ? entity.units : null,
      attributes: entity.attributes,
      updated: history.at(-1)?.time ?? null,
      history,
      area: areaOf.get(id) ?? NO_AREA,
      category: CATEGORY_OF[domain] ?? 'Other Devices',
    };
  });
}

/** Groups entity views into tabs, in the original's order; available and newest first inside. */
export function groupEntities(
  views: EntityView[],
  by: 'category' | 'area',
): { title: string; entities: EntityView[] }[] {
  const groups = new Map<string, EntityView[]>();
  for (const view of views) {
    const key = by === 'category' ? view.category : view.area;
    groups.set(key, [...(groups.get(key) ?? []), view]);
  }
  const order =
    by === 'category'
      ? CATEGORY_ORDER
      : [...groups.keys()]
          .filter((k) => k !== NO_AREA)
          .sort((a, b) => a.localeCompare(b))
          .concat(NO_AREA);
  return order
    .filter((title) => groups.has(title))
    .map((title) => ({
      title,
      entities: groups
        .get(title)!
        .sort(
          (a, b) =>
            Number(isUnavailable(a.state)) - Number(isUnavailable(b.state)) ||
            (b.updated ?? 0) - (a.updated ?? 0) ||
            a.name.localeCompare(b.name),
        ),
    }));
}

/** Whether the controller offers `service` for `domain`; with no service list, everything is. */
export function serviceAvailable(
  config: HaConfig | null,
  domain: string,
  service: string,
): boolean {
  const services = config?.services;
  if (!services) return true;
  const forDomain = Object.hasOwn(services, domain) ? services[domain] : undefined;
  return !!forDomain && typeof forDomain === 'object' && Object.hasOwn(forDomain, service);
}
