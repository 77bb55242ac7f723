import { AUTOMATION } from './automation.ts';
import { BUTTON, INPUT_BUTTON } from './button.ts';
import { CLIMATE } from './climate.ts';
import { COVER } from './cover.ts';
import { FAN } from './fan.ts';
import { HUMIDIFIER } from './humidifier.ts';
import { LIGHT } from './light.ts';
import { LOCK } from './lock.ts';
import { MEDIA_PLAYER } from './media-player.ts';
import { INPUT_NUMBER, NUMBER } from './number.ts';
import { SCENE } from './scene.ts';
import { SCRIPT } from './script.ts';
import { INPUT_SELECT, SELECT } from './select.ts';
import type { DomainSchema, ServiceSchema } from './service-schema.ts';
import { INPUT_BOOLEAN, SWITCH } from './switch.ts';
import { INPUT_TEXT, TEXT } from './text.ts';
import { UPDATE } from './update.ts';
import { VACUUM } from './vacuum.ts';
import { VALVE } from './valve.ts';
import { WATER_HEATER } from './water-heater.ts';

/** Every domain whose services are modelled, by name. Other domains are shown read-only. */
export const DOMAINS: ReadonlyMap<string, DomainSchema> = new Map(
  [
    AUTOMATION,
    BUTTON,
    CLIMATE,
    COVER,
    FAN,
    HUMIDIFIER,
    INPUT_BOOLEAN,
    INPUT_BUTTON,
    INPUT_NUMBER,
    INPUT_SELECT,
    INPUT_TEXT,
    LIGHT,
    LOCK,
    MEDIA_PLAYER,
    NUMBER,
    SCENE,
    SCRIPT,
    SELECT,
    SWITCH,
    TEXT,
    UPDATE,
    VACUUM,
    VALVE,
    WATER_HEATER,
  ].map((domain): [string, DomainSchema] => [domain.name, domain]),
);

/** The domain `domain` behaves like: its base for a helper domain (input_*), else itself. */
export function baseDomainOf(domain: string): string {
  return DOMAINS.get(domain)?.sameAs ?? domain;
}

/** The declaration of `domain.service`, or undefined when it is not modelled. */
export function serviceSchema(domain: string, service: string): ServiceSchema | undefined {
  const schema = DOMAINS.get(domain);
  return schema && Object.hasOwn(schema.services, service) ? schema.services[service] : undefined;
}
