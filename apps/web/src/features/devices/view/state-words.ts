import {
  type Attributes,
  MAX_TEXT,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { parseHaDate } from '@robonomics-dapp/robonomics/home-assistant/states';
import { presentationOf } from './domain-presentation.ts';

/**
 * How an entity's state reads on its card: in words ("Heat/cool", "Update available", a time for
 * scenes and buttons) and as a tone that tints the domain icon. Presentation only; what a domain
 * accepts lives in packages/robonomics/src/home-assistant/domains.
 */

export type Tone = 'on' | 'off' | 'unavailable';

const ON_STATES = new Set([
  'on',
  'open',
  'opening',
  'closing',
  'unlocked',
  'unlocking',
  'playing',
  'paused',
  'buffering',
  'cleaning',
  'returning',
  'heat',
  'cool',
  'heat_cool',
  'auto',
  'dry',
  'fan_only',
  'home',
  'armed_home',
  'armed_away',
  'triggered',
]);

/** How the domain icon is tinted: active, inactive, or not reachable. */
export function stateTone(domain: string, state: string, attributes: Attributes = {}): Tone {
  if (state === 'unavailable' || state === 'unknown') return 'unavailable';
  if (domain === 'water_heater') return state === 'off' ? 'off' : 'on';
  if (domain === 'lock') return state === 'locked' ? 'off' : 'on';
  if (domain === 'climate' && state !== 'off') return 'on';
  if (domain === 'media_player') return ['off', 'standby', 'idle'].includes(state) ? 'off' : 'on';
  if (domain === 'light' || domain === 'fan' || domain === 'humidifier') {
    return state === 'on' ? 'on' : 'off';
  }
  if (domain === 'sensor' || domain === 'weather' || domain === 'text' || domain === 'number') {
    return 'on';
  }
  if (domain === 'update') return state === 'on' && attributes.in_progress !== true ? 'on' : 'off';
  return ON_STATES.has(state) ? 'on' : 'off';
}

/**
 * The state in words: "On", "Heat/cool", "Update available", a time for scenes and buttons
 * (via `formatTime`), numbers as they are.
 */
export function stateWords(
  domain: string,
  state: string,
  formatTime: (ms: number) => string,
): string {
  if (state === 'unavailable') return 'Unavailable';
  if (state === 'unknown' || state === 'None' || state === '') return 'Unknown';
  const shown = presentationOf(domain);
  const special = shown.words?.[state];
  if (special) return special;
  if (shown.timeState) {
    const time = parseHaDate(state);
    if (time !== undefined) return formatTime(time);
  }
  if (/^[a-z][a-z0-9_]*$/.test(state)) {
    if (state === 'heat_cool') return 'Heat/cool';
    const words = state.replace(/_/g, ' ');
    return words[0]!.toUpperCase() + words.slice(1);
  }
  return state.slice(0, MAX_TEXT);
}
