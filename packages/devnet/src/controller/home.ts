import { EventEmitter } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { isPlainObject } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import {
  type ApplyContext,
  applyCommand,
  type CommandResult,
  type LightMemory,
} from './commands.ts';
import { pyDateStr } from './ha-format.ts';

/** The committed sample home (scripts/generate-sample-home.ts). */
export const SAMPLE_HOME = fileURLToPath(
  new URL('../../fixtures/sample-home.json', import.meta.url),
);
/** The `services` part of the config. */
export const SAMPLE_SERVICES = fileURLToPath(
  new URL('../../fixtures/sample-services.json', import.meta.url),
);

/** History kept per entity; HA keeps a day, the sample already holds a day. */
export const MAX_HISTORY = 5000;

/** An HA user made for a device by a registration launch or a password launch (§4.3). */
export interface HomeUser {
  username: string;
  password: string;
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
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
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

/**
 * The home the controller owns: <dir>/home.json, the states document with history in HA's shape
 * (copied from the sample on first start), and <dir>/extras.json. Every change is written at
 * once (write, then rename) and announced with a "change" event.
 */
export class HomeStore extends EventEmitter<{ change: [HomeChange] }> {
  readonly file: string;
  private readonly extrasFile: string;
  private states: HaStates;
  private extras: Extras;

  constructor(dir: string, fixture = SAMPLE_HOME) {
    super();
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'home.json');
    this.extrasFile = join(dir, 'extras.json');
    if (!existsSync(this.file)) copyFileSync(fixture, this.file);
    this.states = readStates(this.file);
    this.extras = existsSync(this.extrasFile)
      ? (JSON.parse(readFileSync(this.extrasFile, 'utf8')) as Extras)
      : { users: {}, lights: {} };
    this.extras.users ??= {};
    this.extras.lights ??= {};
  }

  /** A copy of the states: with history for IPFS, without for the live libp2p snapshots. */
  snapshot({ history, twinId }: { history: boolean; twinId?: number }): HaStates {
    const copy = structuredClone(this.states);
    if (!history) {
      for (const entity of Object.values(copy.entities)) delete entity.history;
    }
    if (twinId !== undefined) copy.twin_id = twinId;
    return copy;
  }

  entity(entityId: string) {
    return Object.hasOwn(this.states.entities, entityId)
      ? structuredClone(this.states.entities[entityId])
      : undefined;
  }

  /** Runs a service call; a refused one changes nothing. */
  apply(command: LaunchCommand, now: number): CommandResult {
    const ctx: ApplyContext = { now, lights: this.extras.lights };
    const before = this.states.entities[command.params.entity_id]?.state;
    const result = applyCommand(this.states, command, ctx);
    if (result.ok && result.changed) {
      this.trim(result.entityId);
      this.save();
      this.emit('change', {
        entityIds: [result.entityId],
        stateChanged: before !== result.update.state,
      });
    }
    return result;
  }

  /** Sets an entity's state from the controller itself (e.g. the subscription-days counter). */
  setState(entityId: string, state: string, now: number): boolean {
    const entity = Object.hasOwn(this.states.entities, entityId)
      ? this.states.entities[entityId]
      : undefined;
    if (!entity || entity.state === state) return false;
    entity.state = state;
    entity.history = [...(entity.history ?? []), { state, date: pyDateStr(now) }];
    this.trim(entityId);
    this.save();
    this.emit('change', { entityIds: [entityId], stateChanged: true });
    return true;
  }

  get twinId(): number {
    return this.states.twin_id;
  }

  users(): Record<string, HomeUser> {
    return structuredClone(this.extras.users);
  }

  /** Creates or replaces the HA user of an address. */
  setUser(address: string, user: HomeUser): void {
    this.extras.users[address] = user;
    this.saveExtras();
  }

  private trim(entityId: string): void {
    const entity = this.states.entities[entityId]!;
    if (entity.history && entity.history.length > MAX_HISTORY) {
      entity.history = entity.history.slice(-MAX_HISTORY);
    }
  }

  private save(): void {
    writeAtomic(this.file, JSON.stringify(this.states));
    this.saveExtras();
  }

  private saveExtras(): void {
    mkdirSync(dirname(this.extrasFile), { recursive: true });
    writeAtomic(this.extrasFile, JSON.stringify(this.extras));
  }
}
