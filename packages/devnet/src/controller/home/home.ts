import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { isPlainObject } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import type { HaEntityState, HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import {
  type ApplyContext,
  applyCommand,
  type CommandResult,
  type LightMemory,
} from '../commands/route-command.ts';
import { nowMicros, parsePyDate, pyDateStr, pyIsoFormat } from '../ha-api/ha-format.ts';
import { clonePython, parseJsonKeepingFloats, toPythonJson } from '../ha-api/python-json.ts';
import { relayReadings } from './metered-relay.ts';

/** The committed sample home (scripts/generate-sample-home.ts). */
export const SAMPLE_HOME = fileURLToPath(
  new URL('../../../fixtures/sample-home.json', import.meta.url),
);
/** History kept per entity; HA keeps a day, the sample already holds a day. */
export const MAX_HISTORY = 5000;
/** HA publishes the state changes of the last 24 hours. */
export const HISTORY_WINDOW_MICROS = 24 * 3600 * 1_000_000;

/** The Home Assistant user of a device (see docs/home-assistant.md, "Users"). */
export interface HomeUser {
  username: string;
  /** The password as HA's auth provider keeps it: a salted hash (see ha-api/ha-auth.ts). */
  passwordHash: string;
  /** Python str(datetime) of the creation. */
  created: string;
}

/** What the controller keeps beside the states: its users and what its lights remember. */
interface Extras {
  users: Record<string, HomeUser>;
  lights: LightMemory;
}

function writeAtomic(file: string, text: string): void {
  const temp = `${file}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

function readStates(file: string): HaStates {
  // Floats such as 1.0 inside dict attributes stay floats (json.dumps writes them so).
  const value: unknown = parseJsonKeepingFloats(readFileSync(file, 'utf8'));
  if (!isPlainObject(value) || !isPlainObject(value.entities) || !isPlainObject(value.devices)) {
    throw new Error(`${file} is not a Home Assistant states document.`);
  }
  return value as unknown as HaStates;
}

export interface HomeChange {
  entityIds: string[];
  /** True when a state text changed (what HA's live push reacts to). */
  stateChanged: boolean;
}

/** Every date an entity carries (history, state, attributes), moved by `delta` microseconds. */
function shiftDates(entity: HaEntityState, delta: number): void {
  const shift = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const date = parsePyDate(value);
    if (!date) return value;
    return date.separator === 'T'
      ? pyIsoFormat(date.micros + delta)
      : pyDateStr(date.micros + delta);
  };
  entity.state = shift(entity.state) as string;
  for (const [key, value] of Object.entries(entity.attributes))
    entity.attributes[key] = shift(value);
  for (const change of entity.history ?? []) change.date = shift(change.date) as string;
}

/** The newest history date of a home, in microseconds. */
function lastChange(states: HaStates): number | undefined {
  let last: number | undefined;
  for (const entity of Object.values(states.entities)) {
    for (const change of entity.history ?? []) {
      const micros = parsePyDate(change.date)?.micros;
      if (micros !== undefined && (last === undefined || micros > last)) last = micros;
    }
  }
  return last;
}

export interface HomeStoreOptions {
  /** The states document a fresh home starts from. */
  fixture?: string;
  /** The controller's start time (microseconds): a fresh home's history is moved to end here. */
  now?: number;
}

/**
 * The home the controller owns: <dir>/home.json, the states document with history in HA's shape
 * (copied from the sample on first start, its history moved to end at that moment), and
 * <dir>/extras.json. Every change is written at once (write, then rename) and announced with a
 * "change" event.
 */
export class HomeStore extends EventEmitter<{ change: [HomeChange] }> {
  readonly file: string;
  private readonly extrasFile: string;
  private states: HaStates;
  private extras: Extras;

  constructor(dir: string, { fixture = SAMPLE_HOME, now = nowMicros() }: HomeStoreOptions = {}) {
    super();
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'home.json');
    this.extrasFile = join(dir, 'extras.json');
    if (!existsSync(this.file)) {
      const fresh = readStates(fixture);
      // The sample's day of history happened just before this home started.
      const last = lastChange(fresh);
      if (last !== undefined) {
        for (const entity of Object.values(fresh.entities)) shiftDates(entity, now - last);
      }
      writeAtomic(this.file, toPythonJson(fresh));
    }
    this.states = readStates(this.file);
    this.extras = existsSync(this.extrasFile)
      ? (JSON.parse(readFileSync(this.extrasFile, 'utf8')) as Extras)
      : { users: {}, lights: {} };
    this.extras.users ??= {};
    this.extras.lights ??= {};
  }

  /**
   * A copy of the states: with the last 24 hours of history for IPFS (as HA's recorder gives
   * them at `now`), without history for the live libp2p snapshots.
   */
  snapshot({
    history,
    twinId,
    now = nowMicros(),
  }: {
    history: boolean;
    twinId?: number;
    now?: number;
  }): HaStates {
    const copy = clonePython(this.states);
    for (const entity of Object.values(copy.entities)) {
      if (!history) {
        delete entity.history;
        continue;
      }
      entity.history = (entity.history ?? []).filter((change) => {
        const micros = parsePyDate(change.date)?.micros;
        return micros !== undefined && micros > now - HISTORY_WINDOW_MICROS && micros <= now;
      });
    }
    if (twinId !== undefined) copy.twin_id = twinId;
    return copy;
  }

  /** The home as stored, every history entry kept. */
  document(): HaStates {
    return clonePython(this.states);
  }

  entity(entityId: string) {
    return Object.hasOwn(this.states.entities, entityId)
      ? clonePython(this.states.entities[entityId])
      : undefined;
  }

  /** Entity ids in the order HA's registry lists them. */
  entityIds(): string[] {
    return Object.keys(this.states.entities);
  }

  /** Runs a service call; a refused one changes nothing. */
  apply(command: LaunchCommand, now: number): CommandResult {
    const ctx: ApplyContext = { now, lights: this.extras.lights };
    const before = this.states.entities[command.params.entity_id]?.state;
    const result = applyCommand(this.states, command, ctx);
    if (result.ok && result.changed) {
      // A metered relay's sensors follow its switch.
      const readings =
        before !== result.update.state ? relayReadings(this.states, result.entityId) : {};
      const followed = Object.entries(readings).filter(([entityId, state]) =>
        this.#record(entityId, state, now),
      );
      this.trim(result.entityId);
      this.save();
      this.emit('change', {
        entityIds: [result.entityId, ...followed.map(([entityId]) => entityId)],
        stateChanged: before !== result.update.state || followed.length > 0,
      });
    }
    return result;
  }

  /** Sets an entity's state from the controller itself (e.g. the subscription-days counter). */
  setState(entityId: string, state: string, now: number): boolean {
    if (!this.#record(entityId, state, now)) return false;
    this.save();
    this.emit('change', { entityIds: [entityId], stateChanged: true });
    return true;
  }

  /** A new state of an entity with its history entry; false when it has no such entity or state. */
  #record(entityId: string, state: string, now: number): boolean {
    const entity = Object.hasOwn(this.states.entities, entityId)
      ? this.states.entities[entityId]
      : undefined;
    if (!entity || entity.state === state) return false;
    entity.state = state;
    entity.history = [...(entity.history ?? []), { state, date: pyDateStr(now) }];
    this.trim(entityId);
    return true;
  }

  get twinId(): number {
    return this.states.twin_id;
  }

  users(): Record<string, HomeUser> {
    return clonePython(this.extras.users);
  }

  /** Creates or replaces the HA user of an address. */
  setUser(address: string, user: HomeUser): void {
    this.extras.users[address] = user;
    this.saveExtras();
  }

  /** Deletes the HA user of an address; false when it had none. */
  removeUser(address: string): boolean {
    if (!Object.hasOwn(this.extras.users, address)) return false;
    delete this.extras.users[address];
    this.saveExtras();
    return true;
  }

  private trim(entityId: string): void {
    const entity = this.states.entities[entityId]!;
    if (entity.history && entity.history.length > MAX_HISTORY) {
      entity.history = entity.history.slice(-MAX_HISTORY);
    }
  }

  private save(): void {
    writeAtomic(this.file, toPythonJson(this.states));
    this.saveExtras();
  }

  private saveExtras(): void {
    mkdirSync(dirname(this.extrasFile), { recursive: true });
    writeAtomic(this.extrasFile, JSON.stringify(this.extras));
  }
}
