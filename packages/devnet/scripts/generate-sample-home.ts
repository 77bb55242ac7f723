// Writes the devnet controller's sample home (see docs/home-assistant.md):
// - fixtures/sample-home.json: a Home Assistant states document with a day of history, exactly as
//   the Robonomics integration publishes it (the controller moves the history to end when it
//   first starts);
// - fixtures/ha-services.json: HA's service descriptions of every domain the home has entities
//   of (the config lists those of the domains present);
// - fixtures/sample-dashboard.json: the home's Lovelace dashboard as HA stores it.
// Deterministic: a fixed PRNG seed and fixed dates, so re-running gives identical files.
//   npx tsx packages/devnet/scripts/generate-sample-home.ts
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../src/common/prng.ts';

const SEED = 0x5eed_2025;
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

const random = mulberry32(SEED);
const between = (min: number, max: number) => min + random() * (max - min);
const int = (min: number, max: number) => Math.floor(between(min, max + 1));
const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');

// ------------------------------------------------------------------------------ time and text

/** A moment as whole UTC seconds plus microseconds (exact, unlike a float of milliseconds). */
interface Moment {
  seconds: number;
  micros: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parts(moment: Moment): { date: string; time: string; fraction: string } {
  const d = new Date(moment.seconds * 1000);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    fraction: moment.micros === 0 ? '' : `.${pad(moment.micros, 6)}`,
  };
}

/** Python str(datetime) in UTC: "2025-09-21 10:00:00.123456+00:00" (no fraction when zero). */
function pyStr(moment: Moment): string {
  const { date, time, fraction } = parts(moment);
  return `${date} ${time}${fraction}+00:00`;
}

/** Python datetime.isoformat(): as str() but with "T" (button and event states). */
function pyIso(moment: Moment): string {
  const { date, time, fraction } = parts(moment);
  return `${date}T${time}${fraction}+00:00`;
}

const at = (iso: string, micros = int(0, 999_999)): Moment => ({
  seconds: Date.parse(iso) / 1000,
  micros,
});
const later = (moment: Moment, seconds: number): Moment => ({
  seconds: moment.seconds + Math.floor(seconds),
  micros: int(1, 999_999),
});

/** Python str(float): "21.0", "52.3". */
const pyFloat = (value: number, digits = 1) => value.toFixed(digits);
/** Python str(list) of strings: "['heat', 'off']". */
const pyList = (items: readonly string[]) => `[${items.map((item) => `'${item}'`).join(', ')}]`;
/** Python str(tuple) of numbers: "(255, 167, 89)". */
const pyTuple = (items: readonly (number | string)[]) => `(${items.join(', ')})`;

// ------------------------------------------------------------------------------ the window

/** The history window of the sample: a little over a day, 2025-09-21 to 2025-09-22. */
const START = at('2025-09-21T08:14:05Z', 281_342);
const END = at('2025-09-22T08:12:40Z', 730_118);

interface HistoryEntry {
  state: string;
  date: string;
}

interface Entity {
  units: string;
  state: string;
  attributes: Record<string, unknown>;
  history: HistoryEntry[];
}

/** Only changes of the state text are history (HA's state_changes_during_period). */
function changes(list: [Moment, string][]): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let last: string | undefined;
  for (const [moment, state] of list) {
    if (state === last) continue;
    out.push({ state, date: pyStr(moment) });
    last = state;
  }
  return out;
}

/**
 * A measurement series: readings every 15-45 s, sometimes every few minutes, with one
 * "unavailable" gap. Equal consecutive readings are not changes, so they are skipped.
 */
function series(
  next: (previous: number) => number,
  first: number,
  format: (value: number) => string,
  gap: { from: string; to: string },
): [Moment, string][] {
  const out: [Moment, string][] = [];
  const gapFrom = Date.parse(gap.from) / 1000;
  const gapTo = Date.parse(gap.to) / 1000;
  let moment = START;
  let value = first;
  let slow = 0;
  let inGap = false;
  while (moment.seconds < END.seconds) {
    if (moment.seconds >= gapFrom && moment.seconds < gapTo) {
      if (!inGap) out.push([moment, 'unavailable']);
      inGap = true;
      moment = { seconds: gapTo + int(3, 40), micros: int(1, 999_999) };
      continue;
    }
    inGap = false;
    value = next(value);
    out.push([moment, format(value)]);
    if (slow === 0 && random() < 0.04) slow = int(4, 18);
    const step = slow > 0 ? between(120, 420) : between(15, 45);
    if (slow > 0) slow--;
    moment = later(moment, step);
  }
  return out;
}

const signal = series(
  (previous) => {
    let value = previous;
    while (value === previous) value = Math.max(-50, Math.min(-43, previous + int(-2, 2)));
    return value;
  },
  -46,
  (value) => String(value),
  { from: '2025-09-21T23:41:00Z', to: '2025-09-22T00:27:00Z' },
);

const noise = series(
  (previous) => {
    if (random() < 0.03) return Math.round(between(68, 76) * 10) / 10;
    const drift = previous > 68 ? between(-8, -2) : between(-3.5, 3.5);
    return Math.round(Math.max(44, Math.min(68, previous + drift)) * 10) / 10;
  },
  52.4,
  (value) => pyFloat(value),
  { from: '2025-09-21T23:41:00Z', to: '2025-09-22T00:27:00Z' },
);

/** Occasional on/off style changes at random times of the window. */
function events(states: readonly string[], count: number, startIndex = 0): [Moment, string][] {
  const span = END.seconds - START.seconds;
  const times = Array.from({ length: count }, () => START.seconds + Math.floor(random() * span))
    .sort((a, b) => a - b)
    .map((seconds) => ({ seconds, micros: int(1, 999_999) }));
  return times.map((moment, i) => [moment, states[(startIndex + i) % states.length]!]);
}

const lastState = (history: HistoryEntry[], fallback: string) => history.at(-1)?.state ?? fallback;

function entity(
  attributes: Record<string, unknown>,
  history: HistoryEntry[],
  options: { units?: string; state?: string } = {},
): Entity {
  return {
    units: options.units ?? 'None',
    state: options.state ?? lastState(history, 'unknown'),
    attributes,
    history,
  };
}

// ------------------------------------------------------------------------------ devices

interface Device {
  name: string;
  entities: string[];
  config_entries: string[];
  manufacturer: string | null;
  model: string | null;
  via_device: string | null;
  connections: [string, string][];
  suggested_area: string | null;
  area_id: string | null;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Config entry ids are ULIDs. */
const entry = () =>
  `01J8${Array.from({ length: 22 }, () => CROCKFORD[Math.floor(random() * 32)]).join('')}`;
const HASSIO_ENTRY = entry();
const ZHA_ENTRY = entry();
const MOBILE_ENTRY = entry();
const MET_ENTRY = entry();
const BACKUP_ENTRY = entry();
const ALTRUIST_ENTRY = entry();

const devices: Record<string, Device> = {};
function device(
  fields: Partial<Device> & Pick<Device, 'name' | 'entities' | 'config_entries'>,
): string {
  const id = hex(32);
  // The key order of the integration's dump.
  devices[id] = {
    name: fields.name,
    entities: fields.entities,
    config_entries: fields.config_entries,
    manufacturer: fields.manufacturer ?? null,
    model: fields.model ?? null,
    via_device: fields.via_device ?? null,
    connections: fields.connections ?? [],
    suggested_area: fields.suggested_area ?? null,
    area_id: fields.area_id ?? null,
  };
  return id;
}

const coreDevice = device({
  name: 'Home Assistant Core',
  entities: ['update.home_assistant_core_update'],
  config_entries: [HASSIO_ENTRY],
  manufacturer: 'Home Assistant',
  model: 'Home Assistant Core',
});
device({
  name: 'Home Assistant Supervisor',
  entities: ['update.home_assistant_supervisor_update'],
  config_entries: [HASSIO_ENTRY],
  manufacturer: 'Home Assistant',
  model: 'Home Assistant Supervisor',
});
device({
  name: 'Mosquitto broker',
  entities: ['update.mosquitto_broker_update'],
  config_entries: [HASSIO_ENTRY],
  manufacturer: 'Official add-ons',
  model: 'Home Assistant Add-on',
  via_device: coreDevice,
});
device({
  name: 'Backup',
  entities: ['sensor.backup_backup_manager_state', 'event.backup_automatic_backup'],
  config_entries: [BACKUP_ENTRY],
  manufacturer: 'Home Assistant',
  model: 'Home Assistant Backup',
});
device({
  name: 'Forecast',
  entities: ['weather.forecast_home'],
  config_entries: [MET_ENTRY],
  manufacturer: 'Met.no',
  model: 'Forecast',
});
device({
  name: 'Pixel 7',
  entities: ['device_tracker.pixel_7', 'sensor.pixel_7_battery_level'],
  config_entries: [MOBILE_ENTRY],
  manufacturer: 'Google',
  model: 'Pixel 7',
});
// The Zigbee coordinator (a Sonoff dongle) is a device without entities: HA's dump leaves it out,
// but the devices it connects still name it as their via_device.
const coordinator = hex(32);
const zigbee = (name: string, model: string, manufacturer: string, area: string, ids: string[]) =>
  device({
    name,
    entities: ids,
    config_entries: [ZHA_ENTRY],
    manufacturer,
    model,
    via_device: coordinator,
    connections: [['zigbee', Array.from({ length: 8 }, () => hex(2)).join(':')]],
    suggested_area: area.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    area_id: area,
  });
device({
  name: 'Altruist Outdoor',
  entities: ['sensor.altruist_signal_strength', 'sensor.altruist_peak_noise'],
  config_entries: [ALTRUIST_ENTRY],
  manufacturer: 'Robonomics',
  model: 'Altruist',
  connections: [['mac', 'a4:cf:12:6e:03:b1']],
  suggested_area: 'Garden',
  area_id: 'garden',
});
zigbee('Living room lamp', 'TRADFRI bulb E27 CWS 806lm', 'IKEA of Sweden', 'living_room', [
  'light.living_room_lamp',
]);
zigbee('Hallway ceiling light', 'ZB-CL01', 'eWeLink', 'hallway', [
  'light.hallway_ceiling',
  'number.hallway_ceiling_off_delay',
]);
zigbee('Hallway motion sensor', 'RTCGQ11LM', 'Xiaomi', 'hallway', ['binary_sensor.hallway_motion']);
zigbee('Front door sensor', 'MCCGQ11LM', 'Xiaomi', 'hallway', ['binary_sensor.front_door_contact']);
zigbee('Kitchen kettle', 'MJHWSH02YM', 'Xiaomi', 'kitchen', [
  'switch.kitchen_kettle',
  'number.kitchen_kettle_target_temperature',
  'select.kitchen_kettle_mode',
  'button.kitchen_kettle_descale',
]);
zigbee('Bedroom thermostat', 'eTRV0100', 'Danfoss', 'bedroom', [
  'climate.bedroom_thermostat',
  'number.bedroom_thermostat_offset',
]);
zigbee('Garden fountain plug', 'TS011F', '_TZ3000_w0qqde0g', 'garden', ['switch.garden_fountain']);
zigbee('Garden irrigation valve', 'SWV', 'Sonoff', 'garden', ['valve.garden_irrigation']);
zigbee('Front doorbell', 'TS0211', '_TZ1800_ladpngdx', 'hallway', ['event.front_doorbell']);
device({
  name: 'Living room display',
  entities: ['text.living_room_display_message'],
  config_entries: [entry()],
  manufacturer: 'ESPHome',
  model: 'esp32dev',
  connections: [['mac', '24:0a:c4:5f:9e:10']],
  suggested_area: 'Living room',
  area_id: 'living_room',
});

// ------------------------------------------------------------------------------ entities

const entities: Record<string, Entity> = {};

const updateAttrs = (
  title: string,
  installed: string,
  latest: string,
  picture: string,
  releaseUrl: string,
) => ({
  auto_update: false,
  display_precision: 0,
  installed_version: installed,
  in_progress: false,
  latest_version: latest,
  release_summary: 'None',
  release_url: releaseUrl,
  skipped_version: 'None',
  title,
  update_percentage: 'None',
  entity_picture: picture,
  friendly_name: `${title} Update`,
  supported_features: 11,
});

entities['update.home_assistant_core_update'] = entity(
  updateAttrs(
    'Home Assistant Core',
    '2025.9.3',
    '2025.9.4',
    'https://brands.home-assistant.io/homeassistant/icon.png',
    'https://www.home-assistant.io/latest-release-notes/',
  ),
  changes([[at('2025-09-21T19:02:17Z'), 'on']]),
);
entities['update.home_assistant_supervisor_update'] = entity(
  updateAttrs(
    'Home Assistant Supervisor',
    '2025.09.1',
    '2025.09.1',
    'https://brands.home-assistant.io/hassio/icon.png',
    'https://github.com/home-assistant/supervisor/releases/tag/2025.09.1',
  ),
  [],
  { state: 'off' },
);
entities['update.mosquitto_broker_update'] = entity(
  updateAttrs(
    'Mosquitto broker',
    '6.5.1',
    '6.5.2',
    '/api/hassio/addons/core_mosquitto/icon',
    'https://github.com/home-assistant/addons/blob/master/mosquitto/CHANGELOG.md',
  ),
  changes([[at('2025-09-22T03:11:52Z'), 'on']]),
);

const backupStates = ['create_backup', 'idle'];
const backupHistory = changes([
  [at('2025-09-21T04:45:12Z'), 'idle'],
  ...events(backupStates, 4),
  [at('2025-09-22T04:46:03Z'), 'idle'],
]).filter((h) => h.date >= pyStr(START));
entities['sensor.backup_backup_manager_state'] = entity(
  {
    options: pyList(['idle', 'create_backup', 'blocked', 'receive_backup', 'restore_backup']),
    device_class: 'enum',
    friendly_name: 'Backup Backup Manager state',
  },
  backupHistory,
  { state: 'idle' },
);
const backupEvent = at('2025-09-22T04:46:03Z');
entities['event.backup_automatic_backup'] = entity(
  {
    event_types: pyList(['completed', 'failed', 'in_progress']),
    event_type: 'completed',
    backup_stage: 'None',
    failed_reason: 'None',
    friendly_name: 'Backup Automatic backup',
  },
  changes([[backupEvent, pyIso(backupEvent)]]),
);

entities['weather.forecast_home'] = entity(
  {
    temperature: pyFloat(13.8),
    apparent_temperature: pyFloat(12.9),
    dew_point: pyFloat(8.6),
    temperature_unit: '°C',
    humidity: 71,
    cloud_coverage: pyFloat(43.8),
    uv_index: pyFloat(1.2),
    pressure: pyFloat(1014.2),
    pressure_unit: 'hPa',
    wind_bearing: pyFloat(221.5),
    wind_gust_speed: pyFloat(25.9),
    wind_speed: pyFloat(11.5),
    wind_speed_unit: 'km/h',
    visibility_unit: 'km',
    precipitation_unit: 'mm',
    attribution:
      'Weather forecast from met.no, delivered by the Norwegian Meteorological Institute.',
    friendly_name: 'Forecast Home',
    supported_features: 3,
  },
  changes(events(['partlycloudy', 'cloudy', 'rainy', 'cloudy', 'partlycloudy', 'sunny'], 9)),
);

const phoneHistory = changes(events(['home', 'not_home', 'home'], 5));
entities['person.alex'] = entity(
  {
    editable: true,
    id: 'alex',
    device_trackers: pyList(['device_tracker.pixel_7']),
    latitude: pyFloat(59.934281, 6),
    longitude: pyFloat(30.335099, 6),
    gps_accuracy: 12,
    source: 'device_tracker.pixel_7',
    user_id: hex(32),
    entity_picture: '/api/image/serve/3f1c27a1b2b0d4c5e6f70812a9b3c4d5/512x512',
    friendly_name: 'Alex',
  },
  phoneHistory,
);
entities['device_tracker.pixel_7'] = entity(
  {
    source_type: 'gps',
    battery_level: 64,
    latitude: pyFloat(59.934281, 6),
    longitude: pyFloat(30.335099, 6),
    gps_accuracy: 12,
    altitude: pyFloat(21.0),
    course: 0,
    speed: 0,
    vertical_accuracy: 3,
    friendly_name: 'Pixel 7',
  },
  phoneHistory,
);
let battery = 91;
entities['sensor.pixel_7_battery_level'] = entity(
  {
    state_class: 'measurement',
    icon: 'mdi:battery-60',
    device_class: 'battery',
    friendly_name: 'Pixel 7 Battery level',
  },
  changes(
    events(['x'], 27).map(([moment]) => {
      battery = Math.max(12, battery - int(1, 4));
      return [moment, String(battery)];
    }),
  ),
  { units: '%' },
);

const spoke = at('2025-09-21T18:30:02Z');
entities['tts.google_translate_en_com'] = entity(
  { friendly_name: 'Google Translate en com' },
  changes([[spoke, pyIso(spoke)]]),
);

entities['sensor.altruist_signal_strength'] = entity(
  {
    state_class: 'measurement',
    device_class: 'signal_strength',
    friendly_name: 'Altruist Outdoor Signal strength',
  },
  changes(signal),
  { units: 'dBm' },
);
entities['sensor.altruist_peak_noise'] = entity(
  {
    state_class: 'measurement',
    device_class: 'sound_pressure',
    friendly_name: 'Altruist Outdoor Peak noise',
  },
  changes(noise),
  { units: 'dB' },
);

/** The Robonomics integration's own counter (days left of the RWS subscription). */
entities['sensor.robonomics_subscription_days_left'] = entity(
  {
    state_class: 'measurement',
    icon: 'mdi:calendar-clock',
    friendly_name: 'Robonomics Subscription days left',
  },
  changes([[at('2025-09-22T00:00:03Z'), '28']]),
  { units: 'days' },
);

const lampHistory = changes(events(['on', 'off'], 6));
const lampOn = lastState(lampHistory, 'off') === 'on';
/** A light that is off has None for every colour and brightness attribute. */
const whenOn = (value: unknown) => (lampOn ? value : 'None');
entities['light.living_room_lamp'] = entity(
  {
    min_color_temp_kelvin: 2202,
    max_color_temp_kelvin: 4000,
    min_mireds: 250,
    max_mireds: 454,
    effect_list: pyList(['blink', 'breathe', 'okay', 'channel_change', 'finish_effect']),
    supported_color_modes: pyList(['color_temp', 'hs']),
    effect: 'None',
    color_mode: whenOn('color_temp'),
    brightness: whenOn(180),
    color_temp_kelvin: whenOn(2732),
    color_temp: whenOn(366),
    hs_color: whenOn(pyTuple(['28.874', '72.522'])),
    rgb_color: whenOn(pyTuple([255, 167, 89])),
    xy_color: whenOn(pyTuple(['0.524', '0.387'])),
    friendly_name: 'Living room lamp',
    supported_features: 44,
  },
  lampHistory,
);
const hallHistory = changes(events(['on', 'off'], 10));
const hallOn = lastState(hallHistory, 'off') === 'on';
entities['light.hallway_ceiling'] = entity(
  {
    supported_color_modes: pyList(['brightness']),
    color_mode: hallOn ? 'brightness' : 'None',
    brightness: hallOn ? 204 : 'None',
    friendly_name: 'Hallway ceiling light',
    supported_features: 32,
  },
  hallHistory,
);
entities['number.hallway_ceiling_off_delay'] = entity(
  {
    min: 10,
    max: 600,
    step: 10,
    mode: 'box',
    device_class: 'duration',
    friendly_name: 'Hallway ceiling light Off delay',
  },
  [],
  { units: 's', state: '120' },
);

entities['binary_sensor.hallway_motion'] = entity(
  { device_class: 'motion', friendly_name: 'Hallway motion sensor Motion' },
  changes(events(['on', 'off'], 40)),
);
entities['binary_sensor.front_door_contact'] = entity(
  { device_class: 'door', friendly_name: 'Front door sensor Door' },
  changes(events(['on', 'off'], 12)),
);

entities['switch.kitchen_kettle'] = entity(
  { friendly_name: 'Kitchen kettle' },
  changes(events(['on', 'off'], 8)),
);
entities['number.kitchen_kettle_target_temperature'] = entity(
  {
    min: pyFloat(40),
    max: pyFloat(100),
    step: pyFloat(5),
    mode: 'slider',
    device_class: 'temperature',
    friendly_name: 'Kitchen kettle Target temperature',
  },
  changes([[at('2025-09-21T07:02:44Z'), pyFloat(80)]]).filter((h) => h.date >= pyStr(START)),
  { units: '°C', state: pyFloat(80) },
);
entities['select.kitchen_kettle_mode'] = entity(
  {
    options: pyList(['eco', 'normal', 'boost', 'keep_warm']),
    friendly_name: 'Kitchen kettle Mode',
  },
  changes([
    [at('2025-09-21T09:30:10Z'), 'eco'],
    [at('2025-09-21T17:45:51Z'), 'normal'],
  ]),
);
const descaled = at('2025-09-21T11:20:09Z');
entities['button.kitchen_kettle_descale'] = entity(
  { friendly_name: 'Kitchen kettle Descale' },
  changes([[descaled, pyIso(descaled)]]),
);

const climateHistory = changes(events(['heat', 'off'], 4));
entities['climate.bedroom_thermostat'] = entity(
  {
    hvac_modes: pyList(['heat', 'off']),
    min_temp: pyFloat(7),
    max_temp: pyFloat(35),
    target_temp_step: pyFloat(0.5),
    preset_modes: pyList(['none', 'eco', 'comfort', 'away']),
    current_temperature: pyFloat(20.5),
    temperature: pyFloat(21),
    hvac_action: lastState(climateHistory, 'heat') === 'heat' ? 'heating' : 'off',
    preset_mode: 'comfort',
    friendly_name: 'Bedroom thermostat',
    supported_features: 401,
  },
  climateHistory,
  { units: 'None' },
);
entities['number.bedroom_thermostat_offset'] = entity(
  {
    min: pyFloat(-5),
    max: pyFloat(5),
    step: pyFloat(0.1),
    mode: 'box',
    device_class: 'temperature',
    friendly_name: 'Bedroom thermostat Local temperature offset',
  },
  [],
  { units: '°C', state: pyFloat(-0.5) },
);

entities['switch.garden_fountain'] = entity(
  { restored: true, friendly_name: 'Garden fountain plug', supported_features: 0 },
  changes([
    [at('2025-09-21T10:02:13Z'), 'on'],
    [at('2025-09-21T21:17:40Z'), 'unavailable'],
  ]),
);
entities['valve.garden_irrigation'] = entity(
  {
    current_position: 100,
    device_class: 'water',
    friendly_name: 'Garden irrigation valve',
    supported_features: 15,
  },
  changes([
    [at('2025-09-21T19:00:00Z', 0), 'opening'],
    [at('2025-09-21T19:00:04Z'), 'open'],
    [at('2025-09-21T19:30:00Z', 0), 'closing'],
    [at('2025-09-21T19:30:05Z'), 'closed'],
    [at('2025-09-22T06:00:00Z', 0), 'opening'],
    [at('2025-09-22T06:00:03Z'), 'open'],
  ]),
);
const rang = events(['ring'], 3);
entities['event.front_doorbell'] = entity(
  {
    event_types: pyList(['ring', 'long_press']),
    event_type: 'ring',
    device_class: 'doorbell',
    friendly_name: 'Front doorbell',
  },
  changes(rang.map(([moment]) => [moment, pyIso(moment)])),
);
entities['text.living_room_display_message'] = entity(
  {
    mode: 'text',
    min: 0,
    max: 64,
    pattern: 'None',
    friendly_name: 'Living room display Message',
  },
  [],
  { state: 'Welcome home' },
);

entities['automation.evening_lights'] = entity(
  {
    id: '1726930012437',
    last_triggered: pyStr(at('2025-09-21T18:30:00Z')),
    mode: 'single',
    current: 0,
    friendly_name: 'Evening lights',
  },
  [],
  { state: 'on' },
);
entities['automation.morning_heating'] = entity(
  {
    id: '1726930377001',
    last_triggered: pyStr(at('2025-09-22T05:45:00Z')),
    mode: 'restart',
    current: 0,
    friendly_name: 'Morning heating',
  },
  changes([[at('2025-09-21T22:05:31Z'), 'off']]),
);
entities['input_boolean.guest_mode'] = entity(
  { editable: true, icon: 'mdi:account-multiple', friendly_name: 'Guest mode' },
  changes([
    [at('2025-09-21T16:00:42Z'), 'on'],
    [at('2025-09-22T07:55:12Z'), 'off'],
  ]),
);

// The domains the devices page controls beyond the first sample: added after everything above so
// the PRNG stream, and with it every earlier entity's history, stays as it was.
const GARAGE_ENTRY = entry();
device({
  name: 'Living room air conditioner',
  entities: ['climate.living_room_air_conditioner'],
  config_entries: [entry()],
  manufacturer: 'Mitsubishi Electric',
  model: 'MSZ-AP25VG',
  connections: [['mac', '70:2c:1f:3b:8e:42']],
  suggested_area: 'Living room',
  area_id: 'living_room',
});
zigbee('Living room blinds', 'FYRTUR block-out roller blind', 'IKEA of Sweden', 'living_room', [
  'cover.living_room_blinds',
]);
device({
  name: 'Garage door',
  entities: ['cover.garage_door'],
  config_entries: [GARAGE_ENTRY],
  manufacturer: 'Shelly',
  model: 'Shelly Plus 1',
  connections: [['mac', 'a8:03:2a:6d:19:c4']],
  suggested_area: 'Garage',
  area_id: 'garage',
});
zigbee('Front door lock', 'Smart Lock 3.0 Pro', 'Nuki', 'hallway', ['lock.front_door']);
zigbee('Bedroom fan', 'Tower fan', 'Dreo', 'bedroom', ['fan.bedroom_fan']);
device({
  name: 'Living room speaker',
  entities: ['media_player.living_room_speaker'],
  config_entries: [entry()],
  manufacturer: 'Sonos',
  model: 'One',
  connections: [['mac', '48:a6:b8:12:7c:05']],
  suggested_area: 'Living room',
  area_id: 'living_room',
});
device({
  name: 'Robot vacuum',
  entities: ['vacuum.robot_vacuum'],
  config_entries: [entry()],
  manufacturer: 'Roborock',
  model: 'S7',
  connections: [['mac', '64:90:c1:0a:5e:77']],
  suggested_area: 'Living room',
  area_id: 'living_room',
});
zigbee('Bedroom humidifier', 'Evaporative Humidifier 2', 'Smartmi', 'bedroom', [
  'humidifier.bedroom_humidifier',
]);
device({
  name: 'Boiler',
  entities: ['water_heater.boiler'],
  config_entries: [entry()],
  manufacturer: 'Ariston',
  model: 'Velis Wi-Fi',
  connections: [['mac', 'ec:fa:bc:41:90:2d']],
  suggested_area: 'Bathroom',
  area_id: 'bathroom',
});

const acHistory = changes(events(['cool', 'off', 'heat_cool', 'off'], 6));
const acOn = lastState(acHistory, 'off') !== 'off';
entities['climate.living_room_air_conditioner'] = entity(
  {
    hvac_modes: pyList(['off', 'cool', 'heat', 'heat_cool', 'dry', 'fan_only']),
    min_temp: pyFloat(16),
    max_temp: pyFloat(31),
    target_temp_step: pyFloat(0.5),
    fan_modes: pyList(['auto', 'quiet', 'low', 'medium', 'high']),
    swing_modes: pyList(['off', 'vertical', 'horizontal', 'both']),
    current_temperature: pyFloat(23.5),
    temperature: pyFloat(22),
    current_humidity: 48,
    fan_mode: 'auto',
    hvac_action: acOn ? 'cooling' : 'off',
    swing_mode: 'off',
    friendly_name: 'Living room air conditioner',
    supported_features: 425,
  },
  acHistory,
);
const blindsHistory = changes(events(['closed', 'open'], 8));
entities['cover.living_room_blinds'] = entity(
  {
    current_position: lastState(blindsHistory, 'open') === 'open' ? 65 : 0,
    device_class: 'blind',
    friendly_name: 'Living room blinds',
    supported_features: 15,
  },
  blindsHistory,
);
entities['cover.garage_door'] = entity(
  { device_class: 'garage', friendly_name: 'Garage door', supported_features: 3 },
  changes(events(['open', 'closed'], 4)),
);
entities['lock.front_door'] = entity(
  { friendly_name: 'Front door lock', supported_features: 1 },
  changes(events(['unlocked', 'locked'], 8)),
);
const fanHistory = changes(events(['off', 'on'], 6));
const fanOn = lastState(fanHistory, 'off') === 'on';
entities['fan.bedroom_fan'] = entity(
  {
    preset_modes: pyList(['normal', 'sleep', 'natural', 'auto']),
    oscillating: false,
    percentage: fanOn ? 33 : 0,
    // Python's repr of 100 / 3.
    percentage_step: '33.333333333333336',
    preset_mode: 'None',
    direction: 'forward',
    friendly_name: 'Bedroom fan',
    supported_features: 63,
  },
  fanHistory,
);
entities['media_player.living_room_speaker'] = entity(
  {
    source_list: pyList(['Radio', 'Spotify', 'TV', 'Line-in']),
    group_members: pyList(['media_player.living_room_speaker']),
    volume_level: pyFloat(0.35, 2),
    is_volume_muted: false,
    media_content_type: 'music',
    media_duration: 317,
    media_title: 'Clair de lune',
    media_artist: 'Claude Debussy',
    media_album_name: 'Suite bergamasque',
    media_track: 3,
    source: 'Spotify',
    shuffle: false,
    repeat: 'off',
    device_class: 'speaker',
    friendly_name: 'Living room speaker',
    supported_features: 22973,
  },
  changes(events(['playing', 'paused', 'idle', 'playing', 'paused'], 10)),
);
entities['vacuum.robot_vacuum'] = entity(
  {
    fan_speed_list: pyList(['quiet', 'balanced', 'turbo', 'max']),
    battery_level: 100,
    battery_icon: 'mdi:battery-charging-100',
    fan_speed: 'balanced',
    friendly_name: 'Robot vacuum',
    supported_features: 13180,
  },
  changes(events(['cleaning', 'returning', 'docked'], 6)),
);
const humidifierHistory = changes(events(['off', 'on'], 4));
entities['humidifier.bedroom_humidifier'] = entity(
  {
    min_humidity: 30,
    max_humidity: 80,
    available_modes: pyList(['auto', 'silent', 'medium', 'high']),
    current_humidity: 44,
    humidity: 50,
    mode: 'auto',
    action: lastState(humidifierHistory, 'off') === 'on' ? 'humidifying' : 'off',
    device_class: 'humidifier',
    friendly_name: 'Bedroom humidifier',
    supported_features: 1,
  },
  humidifierHistory,
);
const boilerHistory = changes(events(['eco', 'performance', 'eco'], 3));
entities['water_heater.boiler'] = entity(
  {
    min_temp: pyFloat(35),
    max_temp: pyFloat(75),
    operation_list: pyList(['off', 'eco', 'electric', 'performance']),
    current_temperature: pyFloat(52.5),
    temperature: pyFloat(55),
    target_temp_high: 'None',
    target_temp_low: 'None',
    operation_mode: lastState(boilerHistory, 'eco'),
    away_mode: 'off',
    friendly_name: 'Boiler',
    supported_features: 15,
  },
  boilerHistory,
);
entities['script.good_night'] = entity(
  {
    last_triggered: pyStr(at('2025-09-21T22:40:12Z')),
    mode: 'single',
    current: 0,
    icon: 'mdi:weather-night',
    friendly_name: 'Good night',
  },
  [],
  { state: 'off' },
);
const movieNight = at('2025-09-21T20:05:31Z');
entities['scene.movie_night'] = entity(
  {
    entity_id: pyList(['light.living_room_lamp', 'cover.living_room_blinds']),
    id: '1726931201543',
    friendly_name: 'Movie night',
  },
  changes([[movieNight, pyIso(movieNight)]]),
);
// A Robonomics 1-gang relay with energy metering (ESPHome firmware), powering a desk lamp in the
// evening. Its readings follow the relay without the PRNG, so adding it shifts no other value.
{
  const prefix = 'sws_1g_eth_esp32c6';
  const relayOn = (seconds: number) => {
    const hour = new Date(seconds * 1000).getUTCHours();
    return (hour >= 17 && hour < 22) || (hour >= 6 && hour < 7);
  };
  const readings: { moment: Moment; on: boolean; volts: number; watts: number }[] = [];
  for (let seconds = START.seconds; seconds < END.seconds; seconds += 600) {
    const on = relayOn(seconds);
    const step = (seconds - START.seconds) / 600;
    const volts = 230 + 2 * Math.sin(step / 7);
    const watts = on ? 42 + 3 * Math.sin(step / 3) : 0.4;
    readings.push({
      moment: { seconds, micros: 250_000 + (step % 7) * 100_000 },
      on,
      volts,
      watts,
    });
  }
  const metric = (value: (r: (typeof readings)[number]) => string) =>
    changes(readings.map((r) => [r.moment, value(r)] as [Moment, string]));
  entities[`sensor.${prefix}_energy_power`] = entity(
    { state_class: 'measurement', device_class: 'power', friendly_name: 'Desk relay Power' },
    metric((r) => pyFloat(r.watts)),
    { units: 'W' },
  );
  entities[`sensor.${prefix}_energy_voltage`] = entity(
    { state_class: 'measurement', device_class: 'voltage', friendly_name: 'Desk relay Voltage' },
    metric((r) => pyFloat(r.volts)),
    { units: 'V' },
  );
  entities[`sensor.${prefix}_energy_current`] = entity(
    { state_class: 'measurement', device_class: 'current', friendly_name: 'Desk relay Current' },
    metric((r) => pyFloat(r.watts / r.volts, 3)),
    { units: 'A' },
  );
  entities[`switch.${prefix}_robonomics_1_gang_switch`] = entity(
    { friendly_name: 'Desk relay Robonomics 1 gang switch' },
    metric((r) => (r.on ? 'on' : 'off')),
  );
  devices['7c3f1b9e2d4a4e0f8a6b5c1d2e3f4a5b'] = {
    name: 'Desk relay',
    entities: [
      `switch.${prefix}_robonomics_1_gang_switch`,
      `sensor.${prefix}_energy_power`,
      `sensor.${prefix}_energy_voltage`,
      `sensor.${prefix}_energy_current`,
    ],
    config_entries: ['01J86RZ3WQ0K9D2M7TFX5BNHCV'],
    manufacturer: 'Robonomics',
    model: 'Robonomics-1L-Switch',
    via_device: null,
    connections: [['mac', '40:4c:ca:5f:1e:20']],
    suggested_area: 'Study',
    area_id: 'study',
  };
}

// Every device entity must exist, and every entity of a device must be listed under it.
for (const [id, dev] of Object.entries(devices)) {
  for (const entityId of dev.entities) {
    if (!entities[entityId]) throw new Error(`device ${id} lists a missing ${entityId}`);
  }
}

const sortedEntities = Object.fromEntries(
  Object.entries(entities).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
const states = { devices, entities: sortedEntities, twin_id: 89 };

// ------------------------------------------------------------------------------ services

const target = (domain: string) => ({ entity: [{ domain: [domain] }] });
const service = (
  domain: string,
  name: string,
  description: string,
  fields: Record<string, unknown> = {},
) => ({ name, description, fields, target: target(domain) });
const numberSelector = (min: number, max: number, step: number, unit?: string) => ({
  number: unit ? { min, max, step, unit_of_measurement: unit, mode: 'slider' } : { min, max, step },
});

const onOff = (domain: string, thing: string) => ({
  turn_on: service(domain, 'Turn on', `Turns on the ${thing}.`),
  turn_off: service(domain, 'Turn off', `Turns off the ${thing}.`),
  toggle: service(domain, 'Toggle', `Toggles the ${thing}.`),
});

const lockCode = (description: string) => ({
  name: 'Code',
  description,
  example: '1234',
  selector: { text: {} },
});

const services: Record<string, Record<string, unknown>> = {
  update: {
    install: service('update', 'Install update', 'Installs an update for a device or service.', {
      version: {
        name: 'Version',
        description: 'The version to install. If omitted, the latest version will be installed.',
        example: '1.0.0',
        selector: { text: {} },
      },
      backup: {
        name: 'Backup',
        description:
          'If supported by the integration, this creates a backup before starting the update.',
        selector: { boolean: {} },
      },
    }),
    skip: service('update', 'Skip update', 'Marks currently available update as skipped.'),
    clear_skipped: service(
      'update',
      'Clear skipped update',
      'Removes the skipped version marker from an update.',
    ),
  },
  weather: {
    get_forecasts: {
      ...service(
        'weather',
        'Get forecasts',
        'Retrieves the forecast from selected weather services.',
        {
          type: {
            name: 'Forecast type',
            description: 'The scope of the weather forecast.',
            required: true,
            selector: {
              select: {
                options: ['daily', 'hourly', 'twice_daily'],
                translation_key: 'forecast_type',
              },
            },
          },
        },
      ),
      target: { entity: [{ domain: ['weather'], supported_features: [1, 2, 4] }] },
      response: { optional: false },
    },
  },
  person: {
    reload: {
      name: 'Reload',
      description: 'Reloads persons from the YAML-configuration.',
      fields: {},
    },
  },
  device_tracker: {
    see: {
      name: 'See',
      description:
        'Manually update the records of a seen legacy device tracker in the known_devices.yaml file.',
      fields: {
        mac: {
          name: 'MAC address',
          description: 'MAC address of the device.',
          example: 'FF:FF:FF:FF:FF:FF',
          selector: { text: {} },
        },
        dev_id: {
          name: 'Device ID',
          description: 'ID of the device (find the ID in `known_devices.yaml`).',
          example: 'phonedave',
          selector: { text: {} },
        },
        location_name: {
          name: 'Location',
          description:
            'Name of the location where the device is located. The options are: `home`, `not_home`, or the name of the zone.',
          example: 'home',
          selector: { text: {} },
        },
        gps: {
          name: 'GPS coordinates',
          description:
            'GPS coordinates where the device is located, specified by latitude and longitude (for example: [51.513845, -0.100539]).',
          example: '[51.509802, -0.086692]',
          selector: { object: {} },
        },
        gps_accuracy: {
          name: 'GPS accuracy',
          description: 'Accuracy of the GPS coordinates.',
          selector: { number: { min: 0, mode: 'box', unit_of_measurement: 'm' } },
        },
        battery: {
          name: 'Battery level',
          description: 'Battery level of the device.',
          selector: { number: { min: 0, max: 100, unit_of_measurement: '%' } },
        },
      },
    },
  },
  tts: {
    speak: service('tts', 'Speak', 'Speaks something using text-to-speech.', {
      media_player_entity_id: {
        name: 'Media player entity',
        description: 'Media players to play the message.',
        required: true,
        selector: { entity: { domain: 'media_player' } },
      },
      message: {
        name: 'Message',
        description:
          'The text you want to convert into speech so that you can listen to it on your device.',
        required: true,
        example: 'My name is hanna',
        selector: { text: {} },
      },
      cache: {
        name: 'Cache',
        description:
          'Stores this message locally so that when the text is requested again, the output can be produced more quickly.',
        default: true,
        selector: { boolean: {} },
      },
      language: {
        name: 'Language',
        description: 'Language to use for speech generation.',
        example: 'ru',
        selector: { text: {} },
      },
      options: {
        name: 'Options',
        description: 'A dictionary containing integration-specific options.',
        advanced: true,
        example: 'platform specific',
        selector: { object: {} },
      },
    }),
    clear_cache: {
      name: 'Clear TTS cache',
      description: 'Removes all cached text-to-speech files and purges the memory.',
      fields: {},
    },
  },
  automation: {
    trigger: service('automation', 'Trigger', 'Triggers the actions of an automation.', {
      skip_condition: {
        name: 'Skip conditions',
        description: 'Defines whether or not the conditions will be skipped.',
        default: true,
        selector: { boolean: {} },
      },
    }),
    ...onOff('automation', 'automation'),
  },
  button: { press: service('button', 'Press', 'Presses a button entity.') },
  climate: {
    set_temperature: service(
      'climate',
      'Set target temperature',
      'Sets the temperature setpoint.',
      {
        temperature: {
          name: 'Target temperature',
          description: 'The temperature setpoint.',
          filter: { supported_features: [1] },
          selector: numberSelector(0, 250, 0.1, '°'),
        },
        hvac_mode: {
          name: 'HVAC mode',
          description: 'HVAC operation mode.',
          selector: { state: { hide_states: ['unavailable', 'unknown'], attribute: 'hvac_mode' } },
        },
      },
    ),
    set_hvac_mode: service('climate', 'Set HVAC mode', 'Sets HVAC operation mode.', {
      hvac_mode: {
        name: 'HVAC mode',
        description: 'HVAC operation mode.',
        selector: { state: { hide_states: ['unavailable', 'unknown'], attribute: 'hvac_mode' } },
      },
    }),
    set_preset_mode: service('climate', 'Set preset mode', 'Sets preset mode.', {
      preset_mode: {
        name: 'Preset mode',
        description: 'Preset mode.',
        required: true,
        example: 'away',
        selector: { text: {} },
      },
    }),
    turn_on: service('climate', 'Turn on', 'Turns climate device on.'),
    turn_off: service('climate', 'Turn off', 'Turns climate device off.'),
    set_fan_mode: service('climate', 'Set fan mode', 'Sets fan operation mode.', {
      fan_mode: {
        name: 'Fan mode',
        description: 'Fan operation mode.',
        required: true,
        example: 'low',
        selector: { state: { hide_states: ['unavailable', 'unknown'], attribute: 'fan_mode' } },
      },
    }),
    set_swing_mode: service('climate', 'Set swing mode', 'Sets swing operation mode.', {
      swing_mode: {
        name: 'Swing mode',
        description: 'Swing operation mode.',
        required: true,
        example: 'on',
        selector: { state: { hide_states: ['unavailable', 'unknown'], attribute: 'swing_mode' } },
      },
    }),
  },
  input_boolean: onOff('input_boolean', 'input boolean'),
  light: {
    turn_on: service(
      'light',
      'Turn on',
      'Turns on one or more lights and adjusts their properties.',
      {
        transition: {
          name: 'Transition',
          description: 'Duration it takes to get to next state.',
          selector: numberSelector(0, 300, 1, 'seconds'),
        },
        rgb_color: {
          name: 'Color',
          description: 'The color in RGB format.',
          example: '[255, 100, 100]',
          selector: { color_rgb: {} },
        },
        color_temp_kelvin: {
          name: 'Color temperature',
          description: 'Color temperature in Kelvin.',
          selector: { color_temp: { unit: 'kelvin', min: 2000, max: 6500 } },
        },
        brightness: {
          name: 'Brightness value',
          description: 'Number indicating brightness, where 0 turns the light off.',
          selector: numberSelector(0, 255, 1),
        },
        brightness_pct: {
          name: 'Brightness',
          description: 'Number indicating the percentage of full brightness.',
          selector: numberSelector(0, 100, 1, '%'),
        },
        effect: {
          name: 'Effect',
          description: 'Light effect.',
          selector: { text: {} },
        },
      },
    ),
    turn_off: service('light', 'Turn off', 'Turns off one or more lights.', {
      transition: {
        name: 'Transition',
        description: 'Duration it takes to get to next state.',
        selector: numberSelector(0, 300, 1, 'seconds'),
      },
    }),
    toggle: service('light', 'Toggle', 'Toggles one or more lights, from on to off, or off to on.'),
  },
  number: {
    set_value: service('number', 'Set', 'Sets the value of a number.', {
      value: {
        name: 'Value',
        description: 'The target value to set.',
        required: true,
        example: 42,
        selector: { text: {} },
      },
    }),
  },
  select: {
    select_option: service('select', 'Select', 'Selects an option.', {
      option: {
        name: 'Option',
        description: 'Option to be selected.',
        required: true,
        example: '"Item A"',
        selector: { state: { hide_states: ['unavailable', 'unknown'] } },
      },
    }),
    select_first: service('select', 'First', 'Selects the first option.'),
    select_last: service('select', 'Last', 'Selects the last option.'),
    select_next: service('select', 'Next', 'Selects the next option.', {
      cycle: {
        name: 'Cycle',
        description: 'If the option should cycle from the last to the first.',
        default: true,
        selector: { boolean: {} },
      },
    }),
    select_previous: service('select', 'Previous', 'Selects the previous option.', {
      cycle: {
        name: 'Cycle',
        description: 'If the option should cycle from the first to the last.',
        default: true,
        selector: { boolean: {} },
      },
    }),
  },
  switch: onOff('switch', 'switch'),
  text: {
    set_value: service('text', 'Set value', 'Sets the value.', {
      value: {
        name: 'Value',
        description: 'Enter your text.',
        required: true,
        example: 'Hello world!',
        selector: { text: {} },
      },
    }),
  },
  cover: {
    open_cover: service('cover', 'Open', 'Opens a cover.'),
    close_cover: service('cover', 'Close', 'Closes a cover.'),
    toggle: service('cover', 'Toggle', 'Toggles a cover open/closed.'),
    set_cover_position: service('cover', 'Set position', 'Moves a cover to a specific position.', {
      position: {
        name: 'Position',
        description: 'Target position.',
        required: true,
        selector: numberSelector(0, 100, 1, '%'),
      },
    }),
    stop_cover: service('cover', 'Stop', 'Stops the cover movement.'),
  },
  lock: {
    lock: service('lock', 'Lock', 'Locks a lock.', {
      code: lockCode('Code used to lock the lock.'),
    }),
    unlock: service('lock', 'Unlock', 'Unlocks a lock.', {
      code: lockCode('Code used to unlock the lock.'),
    }),
    open: service('lock', 'Open', 'Opens a lock.', {
      code: lockCode('Code used to open the lock.'),
    }),
  },
  fan: {
    turn_on: service('fan', 'Turn on', 'Turns fan on.', {
      percentage: {
        name: 'Percentage',
        description: 'Speed of the fan.',
        selector: numberSelector(0, 100, 1, '%'),
      },
      preset_mode: {
        name: 'Preset mode',
        description: 'Preset fan mode.',
        example: 'auto',
        selector: { text: {} },
      },
    }),
    turn_off: service('fan', 'Turn off', 'Turns fan off.'),
    toggle: service('fan', 'Toggle', 'Toggles a fan on/off.'),
    set_percentage: service('fan', 'Set speed', 'Sets the speed of a fan.', {
      percentage: {
        name: 'Percentage',
        description: 'Speed of the fan.',
        required: true,
        selector: numberSelector(0, 100, 1, '%'),
      },
    }),
    increase_speed: service('fan', 'Increase speed', 'Increases the speed of a fan.', {
      percentage_step: {
        name: 'Increment',
        description: 'Percentage step by which the speed should be increased.',
        selector: numberSelector(0, 100, 1, '%'),
      },
    }),
    decrease_speed: service('fan', 'Decrease speed', 'Decreases the speed of a fan.', {
      percentage_step: {
        name: 'Decrement',
        description: 'Percentage step by which the speed should be decreased.',
        selector: numberSelector(0, 100, 1, '%'),
      },
    }),
    oscillate: service('fan', 'Oscillate', 'Controls the oscillation of a fan.', {
      oscillating: {
        name: 'Oscillating',
        description: 'Turns oscillation on/off.',
        required: true,
        selector: { boolean: {} },
      },
    }),
    set_direction: service('fan', 'Set direction', "Sets a fan's rotation direction.", {
      direction: {
        name: 'Direction',
        description: 'Direction of the fan rotation.',
        required: true,
        selector: { select: { options: ['forward', 'reverse'], translation_key: 'direction' } },
      },
    }),
    set_preset_mode: service('fan', 'Set preset mode', 'Sets preset fan mode.', {
      preset_mode: {
        name: 'Preset mode',
        description: 'Preset fan mode.',
        required: true,
        example: 'auto',
        selector: { text: {} },
      },
    }),
  },
  media_player: {
    turn_on: service('media_player', 'Turn on', 'Turns on the power of the media player.'),
    turn_off: service('media_player', 'Turn off', 'Turns off the power of the media player.'),
    toggle: service('media_player', 'Toggle', 'Toggles a media player on/off.'),
    volume_up: service('media_player', 'Turn up volume', 'Turns up the volume.'),
    volume_down: service('media_player', 'Turn down volume', 'Turns down the volume.'),
    volume_mute: service(
      'media_player',
      'Mute/unmute volume',
      'Mutes or unmutes the media player.',
      {
        is_volume_muted: {
          name: 'Muted',
          description: 'Defines whether or not it is muted.',
          required: true,
          selector: { boolean: {} },
        },
      },
    ),
    volume_set: service('media_player', 'Set volume', 'Sets the volume level.', {
      volume_level: {
        name: 'Level',
        description: 'The volume. 0 is inaudible, 1 is the maximum volume.',
        required: true,
        selector: { number: { min: 0, max: 1, step: 0.01 } },
      },
    }),
    media_play_pause: service('media_player', 'Play/Pause', 'Toggles play/pause.'),
    media_play: service('media_player', 'Play', 'Starts playing.'),
    media_pause: service('media_player', 'Pause', 'Pauses.'),
    media_stop: service('media_player', 'Stop', 'Stops playing.'),
    media_next_track: service('media_player', 'Next', 'Selects the next track.'),
    media_previous_track: service('media_player', 'Previous', 'Selects the previous track.'),
    select_source: service(
      'media_player',
      'Select source',
      'Sends the media player the command to change input source.',
      {
        source: {
          name: 'Source',
          description: 'Name of the source to switch to. Platform dependent.',
          required: true,
          example: 'video1',
          selector: { text: {} },
        },
      },
    ),
  },
  script: {
    turn_on: service('script', 'Turn on', 'Runs the sequence of actions defined in a script.'),
    turn_off: service('script', 'Turn off', 'Stops a running script.'),
    toggle: service('script', 'Toggle', "Starts a script if it isn't running, stops it otherwise."),
  },
  scene: {
    turn_on: service('scene', 'Activate', 'Activates a scene.', {
      transition: {
        name: 'Transition',
        description:
          'Time it takes the devices to transition into the states defined in the scene.',
        selector: numberSelector(0, 300, 1, 'seconds'),
      },
    }),
  },
  vacuum: {
    start: service('vacuum', 'Start', 'Starts or resumes the cleaning task.'),
    pause: service('vacuum', 'Pause', 'Pauses the cleaning task.'),
    stop: service('vacuum', 'Stop', 'Stops the current cleaning task.'),
    return_to_base: service(
      'vacuum',
      'Return to dock',
      'Tells the vacuum cleaner to return to its dock.',
    ),
    locate: service('vacuum', 'Locate', 'Locates the vacuum cleaner robot.'),
    set_fan_speed: service('vacuum', 'Set fan speed', 'Sets the fan speed of the vacuum cleaner.', {
      fan_speed: {
        name: 'Fan speed',
        description: 'Fan speed. The value depends on the integration.',
        required: true,
        example: 'low',
        selector: { text: {} },
      },
    }),
  },
  humidifier: {
    ...onOff('humidifier', 'humidifier'),
    set_humidity: service('humidifier', 'Set humidity', 'Sets the target humidity.', {
      humidity: {
        name: 'Humidity',
        description: 'Target humidity.',
        required: true,
        selector: numberSelector(0, 100, 1, '%'),
      },
    }),
    set_mode: service('humidifier', 'Set mode', 'Sets the humidifier operation mode.', {
      mode: {
        name: 'Mode',
        description:
          'Operation mode. For a list of possible modes, refer to the integration documentation.',
        required: true,
        example: 'away',
        selector: { text: {} },
      },
    }),
  },
  water_heater: {
    turn_on: service('water_heater', 'Turn on', 'Turns water heater on.'),
    turn_off: service('water_heater', 'Turn off', 'Turns water heater off.'),
    set_away_mode: service('water_heater', 'Set away mode', 'Turns away mode on/off.', {
      away_mode: {
        name: 'Away mode',
        description: 'New value of away mode.',
        required: true,
        selector: { boolean: {} },
      },
    }),
    set_temperature: service('water_heater', 'Set temperature', 'Sets the target temperature.', {
      temperature: {
        name: 'Temperature',
        description: 'New target temperature for the water heater.',
        required: true,
        selector: numberSelector(0, 250, 0.5, '°'),
      },
      operation_mode: {
        name: 'Operation mode',
        description: 'New value of the operation mode.',
        example: 'eco',
        selector: { text: {} },
      },
    }),
    set_operation_mode: service('water_heater', 'Set operation mode', 'Sets the operation mode.', {
      operation_mode: {
        name: 'Operation mode',
        description: 'New value of the operation mode.',
        required: true,
        example: 'eco',
        selector: { text: {} },
      },
    }),
  },
  valve: {
    open_valve: service('valve', 'Open', 'Opens a valve.'),
    close_valve: service('valve', 'Close', 'Closes a valve.'),
    set_valve_position: service('valve', 'Set position', 'Moves a valve to a specific position.', {
      position: {
        name: 'Position',
        description: 'Target position.',
        required: true,
        selector: numberSelector(0, 100, 1, '%'),
      },
    }),
    stop_valve: service('valve', 'Stop', 'Stops the valve movement.'),
    toggle: service('valve', 'Toggle', 'Toggles a valve open/closed.'),
  },
};

// ------------------------------------------------------------------------------ dashboard

/** The default Lovelace dashboard as HA stores it (what lovelace's async_load returns). */
const dashboard = {
  title: 'Home',
  views: [
    {
      title: 'Home',
      path: 'home',
      icon: 'mdi:home',
      cards: [
        { type: 'weather-forecast', entity: 'weather.forecast_home', forecast_type: 'daily' },
        {
          type: 'entities',
          title: 'Living room',
          entities: ['light.living_room_lamp', 'text.living_room_display_message'],
        },
        {
          type: 'entities',
          title: 'Hallway',
          entities: [
            'light.hallway_ceiling',
            'number.hallway_ceiling_off_delay',
            'binary_sensor.hallway_motion',
            'binary_sensor.front_door_contact',
            'event.front_doorbell',
          ],
        },
        {
          type: 'entities',
          title: 'Kitchen',
          entities: [
            'switch.kitchen_kettle',
            'number.kitchen_kettle_target_temperature',
            'select.kitchen_kettle_mode',
            'button.kitchen_kettle_descale',
          ],
        },
        { type: 'thermostat', entity: 'climate.bedroom_thermostat' },
        {
          type: 'entities',
          title: 'Garden',
          entities: ['switch.garden_fountain', 'valve.garden_irrigation'],
        },
      ],
    },
    {
      title: 'Sensors',
      path: 'sensors',
      icon: 'mdi:chart-line',
      cards: [
        {
          type: 'history-graph',
          title: 'Altruist outdoor',
          hours_to_show: 24,
          entities: [
            { entity: 'sensor.altruist_signal_strength' },
            { entity: 'sensor.altruist_peak_noise' },
          ],
        },
        {
          type: 'gauge',
          entity: 'sensor.altruist_peak_noise',
          min: 30,
          max: 90,
          severity: { green: 0, yellow: 55, red: 70 },
        },
        {
          type: 'glance',
          entities: [
            'person.alex',
            'sensor.pixel_7_battery_level',
            'sensor.robonomics_subscription_days_left',
          ],
        },
      ],
    },
    {
      title: 'System',
      path: 'system',
      icon: 'mdi:cog',
      cards: [
        {
          type: 'entities',
          title: 'Updates',
          entities: [
            'update.home_assistant_core_update',
            'update.home_assistant_supervisor_update',
            'update.mosquitto_broker_update',
          ],
        },
        {
          type: 'entities',
          title: 'Automations',
          entities: [
            'automation.evening_lights',
            'automation.morning_heating',
            'input_boolean.guest_mode',
          ],
        },
        { type: 'entities', title: 'Backup', entities: ['sensor.backup_backup_manager_state'] },
      ],
    },
  ],
};
for (const view of dashboard.views) {
  for (const card of view.cards as {
    entity?: string;
    entities?: (string | { entity: string })[];
  }[]) {
    for (const item of [card.entity, ...(card.entities ?? [])]) {
      const id = typeof item === 'string' ? item : item?.entity;
      if (id && !entities[id]) throw new Error(`the dashboard shows a missing ${id}`);
    }
  }
}
// Every domain of the home that has services in HA has its descriptions in the catalogue.
const WITHOUT_SERVICES = new Set(['sensor', 'binary_sensor', 'event']);
for (const id of Object.keys(entities)) {
  const domain = id.split('.')[0]!;
  if (!WITHOUT_SERVICES.has(domain) && !services[domain]) {
    throw new Error(`the service catalogue has no ${domain}`);
  }
}

// ------------------------------------------------------------------------------ output

/**
 * JSON with two-space indent where every object or array that fits in 100 columns sits on one
 * line, with spaces inside braces: the layout Biome gives JSON, so `biome check` passes as is.
 */
function layout(value: unknown, indent: number, column: number): string {
  const inline = oneLine(value);
  // +1 for a trailing comma after the value.
  if (column + inline.length + 1 <= 100 || typeof value !== 'object' || value === null) {
    return inline;
  }
  const inner = ' '.repeat(indent + 2);
  const close = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => inner + layout(item, indent + 2, indent + 2));
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return head + layout(item, indent + 2, head.length);
  });
  return `{\n${lines.join(',\n')}\n${close}}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

writeFileSync(join(OUT_DIR, 'sample-home.json'), `${layout(states, 0, 0)}\n`);
writeFileSync(join(OUT_DIR, 'ha-services.json'), `${layout(services, 0, 0)}\n`);
writeFileSync(join(OUT_DIR, 'sample-dashboard.json'), `${layout(dashboard, 0, 0)}\n`);
const historyCount = Object.values(entities).reduce((n, e) => n + e.history.length, 0);
console.log(
  `sample home: ${Object.keys(devices).length} devices, ${Object.keys(entities).length} entities, ${historyCount} history entries`,
);
