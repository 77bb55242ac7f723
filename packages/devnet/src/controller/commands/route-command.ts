import {
  type LaunchCommand,
  toServiceCall,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import { entityDomain, type HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pyDateStr } from '../ha-api/ha-format.ts';
import { climate } from './climate.ts';
import { cover, lock, valve } from './cover-lock.ts';
import { fan } from './fan.ts';
import { humidifier, waterHeater } from './humidifier.ts';
import { light } from './light.ts';
import { mediaPlayer } from './media-player.ts';
import { number, select, text } from './number-select-text.ts';
import { type ApplyContext, type CommandResult, type DomainHome, Refusal } from './schema.ts';
import { automation, button, inputBoolean, scene, script, switches } from './switches-and-runs.ts';
import { update } from './update.ts';
import { vacuum } from './vacuum.ts';

/**
 * What the sample home's Home Assistant does with a service call (docs/home-assistant.md,
 * Commands): `call(domain=platform, service=name, data=params without entity_id, target=entity_id)`,
 * mapped by the library's `toServiceCall`.
 * The call's data is read against the service's declaration in
 * packages/robonomics/src/home-assistant/domains (unknown keys, kinds, bounds, feature bits),
 * then the domain's handler in commands/ checks what the entity decides (its ranges and lists)
 * and says what changes; a refused call changes nothing and says why, in HA's words.
 */

export type {
  ApplyContext,
  Attributes,
  CommandResult,
  EntityUpdate,
  LightMemory,
} from './schema.ts';

/** The domains this home answers, by name. */
const HOMES: ReadonlyMap<string, DomainHome> = new Map(
  [
    automation,
    button,
    climate,
    cover,
    fan,
    humidifier,
    inputBoolean,
    light,
    lock,
    mediaPlayer,
    number,
    scene,
    script,
    select,
    switches,
    text,
    update,
    vacuum,
    valve,
    waterHeater,
  ].map((home): [string, DomainHome] => [home.schema.name, home]),
);

/**
 * Works out what a call does to the home without changing it. Refusals name the reason as HA
 * would report it (a missing entity, an unknown action, a schema or range error).
 */
export function planCommand(
  states: HaStates,
  command: LaunchCommand,
  ctx: ApplyContext,
): CommandResult {
  // The service call exactly as the app's library maps a command (one rule for both sides).
  const call = toServiceCall(command);
  const { domain: platform, service: name } = call;
  const entityId = call.target.entity_id;
  const data = call.data ?? {};
  if (typeof entityId !== 'string' || !entityId) {
    return { ok: false, error: 'The command has no entity_id.' };
  }
  const home = HOMES.get(platform);
  if (!home) return { ok: false, error: `Action ${platform}.${name} not found.` };
  if (entityDomain(entityId) !== platform) {
    return { ok: false, error: `${entityId} is not a ${platform} entity.` };
  }
  const entity = Object.hasOwn(states.entities, entityId) ? states.entities[entityId] : undefined;
  if (!entity) return { ok: false, error: `Entity ${entityId} not found.` };
  if (entity.state === 'unavailable') {
    return { ok: false, error: `Entity ${entityId} is unavailable.` };
  }
  try {
    const update = home.run({ entityId, entity, service: name, data, ctx });
    const changed =
      update.state !== entity.state ||
      JSON.stringify(update.attributes) !== JSON.stringify(entity.attributes);
    return { ok: true, entityId, update, changed };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Applies a call to the home: the entity gets its new state and attributes, and a change of
 * the state text adds a history entry {state, date} (HA's history holds state changes only).
 */
export function applyCommand(
  states: HaStates,
  command: LaunchCommand,
  ctx: ApplyContext,
): CommandResult {
  const result = planCommand(states, command, ctx);
  if (!result.ok || !result.changed) return result;
  const entity = states.entities[result.entityId]!;
  if (result.update.state !== entity.state) {
    entity.history = [
      ...(entity.history ?? []),
      { state: result.update.state, date: pyDateStr(ctx.now) },
    ];
  }
  entity.state = result.update.state;
  entity.attributes = result.update.attributes;
  return result;
}
