import { type HaConfig, hasService } from '@robonomics-dapp/robonomics/home-assistant/config';
import {
  entityDomain,
  type HaEntityState,
  type HaStates,
  parseHaDate,
  unitsOf,
} from '@robonomics-dapp/robonomics/home-assistant/states';
import { presentationOf } from './domain-presentation.ts';

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
      units: unitsOf(entity) ?? null,
      attributes: entity.attributes,
      updated: history.at(-1)?.time ?? null,
      history,
      area: areaOf.get(id) ?? NO_AREA,
      category: presentationOf(domain).category ?? 'Other Devices',
    };
  });
}

/** The category an entity counts for in its device; null for domains that place no device. */
function deviceCategoryOf(view: EntityView): string | null {
  if (view.domain === 'automation') return null;
  const shown = presentationOf(view.domain);
  if (shown.category) return view.category;
  return shown.otherDevice ? 'Other Devices' : null;
}

export type DeviceKind = 'device' | 'altruist' | 'roboswitch';

/** A Home Assistant device with its entities, or a lone entity that belongs to no device. */
export interface DeviceView {
  id: string;
  name: string;
  model: string | null;
  manufacturer: string | null;
  area: string;
  /** In the order the controller lists them. */
  entities: EntityView[];
  /** The newest update of any of its entities, ms. */
  updated: number | null;
  kind: DeviceKind;
}

/** One device card in a tab: the entities of the tab first, the others under "Extended". */
export interface DeviceCardView {
  device: DeviceView;
  main: EntityView[];
  extended: EntityView[];
  /** Light and weather cards name themselves: their device title is hidden. */
  showTitle: boolean;
}

export interface DeviceGroup {
  title: string;
  cards: DeviceCardView[];
}

/**
 * Altruist outdoor sensors and the Robonomics 1-gang switch get their own cards (the model is
 * what Home Assistant reports for the device).
 */
export function deviceKind(model: string | null): DeviceKind {
  if (model?.toLowerCase().includes('altruist')) return 'altruist';
  if (model === 'Robonomics-1L-Switch') return 'roboswitch';
  return 'device';
}

/**
 * The devices of the home with their entities. Automations are left out (they have their own
 * tab); an entity of no device (or of a device the controller does not list) is a device of its
 * own, named after it.
 */
export function deviceViews(views: EntityView[], states: HaStates): DeviceView[] {
  const byId = new Map(views.map((v) => [v.id, v]));
  const placed = new Set<string>();
  const devices: DeviceView[] = [];
  for (const [id, device] of Object.entries(states.devices)) {
    const entities: EntityView[] = [];
    for (const entityId of device.entities ?? []) {
      const view = byId.get(entityId);
      if (!view || view.domain === 'automation' || placed.has(entityId)) continue;
      placed.add(entityId);
      entities.push(view);
    }
    if (entities.length === 0) continue;
    const name = typeof device.name === 'string' && device.name.trim() ? device.name : id;
    devices.push({
      id,
      name,
      model: typeof device.model === 'string' ? device.model : null,
      manufacturer: typeof device.manufacturer === 'string' ? device.manufacturer : null,
      area: device.area_id || device.suggested_area || NO_AREA,
      entities,
      updated: newest(entities),
      kind: deviceKind(typeof device.model === 'string' ? device.model : null),
    });
  }
  for (const view of views) {
    if (placed.has(view.id) || view.domain === 'automation') continue;
    devices.push(deviceOfItsOwn(view));
  }
  return devices;
}

function newest(entities: EntityView[]): number | null {
  let best: number | null = null;
  for (const e of entities)
    if (e.updated !== null && (best === null || e.updated > best)) best = e.updated;
  return best;
}

/** The categories a device appears in: each its entities match, else "Other Devices". */
export function deviceCategories(device: DeviceView): string[] {
  const found = new Set<string>();
  for (const entity of device.entities) {
    const category = deviceCategoryOf(entity);
    if (category) found.add(category);
  }
  if (found.size === 0) found.add('Other Devices');
  return CATEGORY_ORDER.filter((c) => found.has(c));
}

/** Devices: available primary entity first, then the newest update, then by name. */
export function compareCards(a: DeviceCardView, b: DeviceCardView): number {
  const down = (card: DeviceCardView) => {
    const primary = card.main[0] ?? card.device.entities[0];
    return Number(!primary || isUnavailable(primary.state));
  };
  return (
    down(a) - down(b) ||
    (b.device.updated ?? 0) - (a.device.updated ?? 0) ||
    a.device.name.localeCompare(b.device.name)
  );
}

/** Automations: "on" first, then the others, then unknown/unavailable; newest trigger first. */
export function compareAutomations(a: EntityView, b: EntityView): number {
  const rank = (e: EntityView) => (e.state === 'on' ? 0 : isUnavailable(e.state) ? 2 : 1);
  const triggered = (e: EntityView) => {
    const t = e.attributes.last_triggered;
    const time = typeof t === 'string' ? Date.parse(t.replace(' ', 'T')) : Number.NaN;
    return Number.isFinite(time) ? time : (e.updated ?? 0);
  };
  return rank(a) - rank(b) || triggered(b) - triggered(a) || a.name.localeCompare(b.name);
}

const hidesTitle = (device: DeviceView) =>
  device.entities.some((e) => e.domain === 'light' || e.domain === 'weather');

/** An entity Home Assistant puts in no device, shown as a device of its own. */
function deviceOfItsOwn(view: EntityView): DeviceView {
  return {
    id: view.id,
    name: view.name,
    model: null,
    manufacturer: null,
    area: view.area,
    entities: [view],
    updated: view.updated,
    kind: 'device',
  };
}

/** An automation as a card of its own. */
function automationCard(view: EntityView): DeviceCardView {
  return {
    device: deviceOfItsOwn(view),
    main: [view],
    extended: [],
    showTitle: false,
  };
}

/**
 * The tabs of the devices page. By category: a device appears in every category it matches,
 * with that category's entities first and its others under "Extended"; automations have their
 * own tab. By area: one tab per area (sorted, "No Area" last), each device whole
 * (docs/product-rules.md).
 */
export function groupDevices(states: HaStates, by: 'category' | 'area'): DeviceGroup[] {
  const views = entityViews(states);
  const devices = deviceViews(views, states);
  const groups = new Map<string, DeviceCardView[]>();
  const add = (title: string, card: DeviceCardView) =>
    groups.set(title, [...(groups.get(title) ?? []), card]);
  for (const device of devices) {
    const showTitle = !hidesTitle(device);
    if (by === 'area') {
      add(device.area, { device, main: device.entities, extended: [], showTitle });
      continue;
    }
    for (const category of deviceCategories(device)) {
      const inCategory = (e: EntityView) =>
        deviceCategoryOf(e) === category ||
        (category === 'Other Devices' && deviceCategoryOf(e) === null);
      const main = device.entities.filter(inCategory);
      const extended = device.entities.filter((e) => !inCategory(e));
      add(category, { device, main: main.length ? main : device.entities, extended, showTitle });
    }
  }
  const automations = views.filter((v) => v.domain === 'automation').sort(compareAutomations);
  if (by === 'area') for (const view of automations) add(view.area, automationCard(view));
  const order =
    by === 'category'
      ? CATEGORY_ORDER
      : [...groups.keys()]
          .filter((k) => k !== NO_AREA)
          .sort((a, b) => a.localeCompare(b))
          .concat(NO_AREA);
  const result = order
    .filter((title) => groups.has(title))
    .map((title) => ({ title, cards: groups.get(title)!.sort(compareCards) }));
  if (by === 'category' && automations.length > 0) {
    const at = result.findIndex((g) => g.title === 'Automations');
    const group = { title: 'Automations', cards: automations.map(automationCard) };
    if (at === -1) result.push(group);
    else result[at] = group;
  }
  return result;
}

/**
 * Masonry columns by the page's width (docs/product-rules.md): >1200 px 4, >900 3, >680 2, else 1.
 */
export function columnsForWidth(width: number): number {
  return width > 1200 ? 4 : width > 900 ? 3 : width > 680 ? 2 : 1;
}

/** The masonry's row unit and gap, px: a card spans as many rows as its height needs. */
export const MASONRY_ROW_PX = 8;
export const MASONRY_GAP_PX = 16;

/**
 * The grid rows a card of `height` px spans (each row `row` px, `gap` px between rows), so
 * cards in document order pack like a masonry: each goes to the column that frees first.
 */
export function rowSpan(height: number, row = MASONRY_ROW_PX, gap = MASONRY_GAP_PX): number {
  return Math.max(1, Math.ceil((height + gap) / (row + gap)));
}

/** Whether the controller offers `service` for `domain`; with no service list, everything is. */
export function serviceAvailable(
  config: HaConfig | null,
  domain: string,
  service: string,
): boolean {
  return !config?.services || hasService(config, domain, service);
}
