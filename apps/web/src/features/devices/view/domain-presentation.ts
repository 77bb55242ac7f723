import { baseDomainOf } from '@robonomics-dapp/robonomics/home-assistant/domains/all-domains';

/**
 * How the devices page presents each Home Assistant domain, in one table: its category tab, its
 * controls, its icon, how its history and state read. A helper domain (input_boolean, …) is
 * presented as the domain it behaves like (the library's domain modules say which), unless it has
 * a row of its own. What a domain accepts lives in packages/robonomics/src/home-assistant/domains.
 */

/** Which controls a card has (components/controls/entity-controls.tsx draws each kind). */
export type ControlKind =
  | 'power'
  | 'automation'
  | 'light'
  | 'climate'
  | 'humidifier'
  | 'water-heater'
  | 'cover'
  | 'lock'
  | 'fan'
  | 'media'
  | 'run'
  | 'vacuum'
  | 'select'
  | 'value'
  | 'update'
  | 'weather';

export interface DomainPresentation {
  /** The category tab (docs/product-rules.md, Devices control panel); "Other Devices" without. */
  category?: string;
  /** Files a device that has it under "Other Devices" (docs/product-rules.md). */
  otherDevice?: boolean;
  /** The card's controls; without, the state only. */
  controls?: ControlKind;
  /** The icon drawn (components/controls/domain-icons.tsx); the domain's own by default. */
  icon?: string;
  /** Its history is drawn as an on/off timeline. */
  timeline?: boolean;
  /** Its state is the time something last happened (an ISO date). */
  timeState?: boolean;
  /** States said in words of their own. */
  words?: Readonly<Record<string, string>>;
}

const PRESENTATION: Readonly<Record<string, DomainPresentation>> = {
  light: { category: 'Lighting', controls: 'light', timeline: true },
  switch: { category: 'Switches & Outlets', controls: 'power', timeline: true },
  outlet: { category: 'Switches & Outlets' },
  fan: { category: 'Switches & Outlets', controls: 'fan', timeline: true },
  cover: { category: 'Switches & Outlets', controls: 'cover', timeline: true },
  valve: { category: 'Switches & Outlets', controls: 'cover', timeline: true },
  sensor: { category: 'Sensors & Detectors' },
  binary_sensor: {
    category: 'Sensors & Detectors',
    timeline: true,
    words: { on: 'Detected', off: 'Clear' },
  },
  climate: { category: 'Climate & HVAC', controls: 'climate' },
  humidifier: { category: 'Climate & HVAC', controls: 'humidifier', timeline: true },
  water_heater: { category: 'Climate & HVAC', controls: 'water-heater' },
  alarm_control_panel: { category: 'Security & Locks' },
  lock: { category: 'Security & Locks', controls: 'lock' },
  camera: { category: 'Security & Locks' },
  media_player: { category: 'Media & Entertainment', controls: 'media' },
  device_tracker: { category: 'Device Tracking', icon: 'person' },
  person: { category: 'Device Tracking' },
  weather: { category: 'Forecast', controls: 'weather' },
  automation: { category: 'Automations', controls: 'automation', timeline: true },
  script: { controls: 'run', words: { on: 'Running', off: 'Ready' } },
  scene: { controls: 'run', timeState: true },
  button: { controls: 'run', timeState: true, otherDevice: true },
  select: { controls: 'select', otherDevice: true },
  number: { controls: 'value', otherDevice: true },
  text: { controls: 'value', otherDevice: true },
  update: {
    controls: 'update',
    otherDevice: true,
    words: { on: 'Update available', off: 'Up to date' },
  },
  vacuum: { controls: 'vacuum' },
  event: { timeState: true },
  tts: { icon: 'media_player', timeState: true },
};

/** How `domain` is presented: its own row, else its base domain's, else nothing special. */
export function presentationOf(domain: string): DomainPresentation {
  return PRESENTATION[domain] ?? PRESENTATION[baseDomainOf(domain)] ?? {};
}

/** The icon of `domain`: its row's, else the one of the domain it behaves like. */
export function iconOf(domain: string): string {
  return presentationOf(domain).icon ?? baseDomainOf(domain);
}
