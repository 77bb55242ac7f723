import {
  formatHaDate,
  type HaHistoryEntry,
  type HaStates,
  parseHaDate,
} from '@robonomics-dapp/robonomics/home-assistant/states';

// How states that arrive merge into the states shown: a live update (no history) into the last
// states, and a record's file (with history) into states kept live.

/**
 * A live update has no history: keep the known history and add the new state when it changed,
 * so charts go on growing between datalog records.
 */
export function mergeLiveUpdate(previous: HaStates | null, next: HaStates, now: number): HaStates {
  if (!previous) return next;
  const entities: HaStates['entities'] = {};
  for (const [id, entity] of Object.entries(next.entities)) {
    const before = previous.entities[id];
    if (entity.history && entity.history.length > 0) {
      entities[id] = entity;
      continue;
    }
    const history = [...(before?.history ?? [])];
    if (!before || before.state !== entity.state) {
      history.push({ state: entity.state, date: formatHaDate(now) });
    }
    entities[id] = { ...entity, history };
  }
  return { ...next, entities };
}

/**
 * A states file from a new datalog record, as shown while the home's live updates arrive
 * peer-to-peer. HA takes the file's snapshot, then adds it to IPFS and records its CID on chain,
 * which takes seconds to minutes: by the time the record lands, the live updates are newer than
 * the file. So the file brings its 24 h of history (for the charts), but each entity already
 * shown keeps its state and attributes. Entities only the file names are taken as they are.
 */
export function keepLiveStates(file: HaStates, shown: HaStates | null): HaStates {
  if (!shown) return file;
  const entities: HaStates['entities'] = {};
  for (const [id, entity] of Object.entries(file.entities)) {
    const current = shown.entities[id];
    entities[id] = current
      ? { ...current, history: mergeHistory(entity.history ?? [], current.history ?? []) }
      : entity;
  }
  return { ...file, entities };
}

/** Both histories, each change once, in date order (HA's dates sort as text). */
function mergeHistory(a: HaHistoryEntry[], b: HaHistoryEntry[]): HaHistoryEntry[] {
  const seen = new Set<string>();
  return [...a, ...b]
    .filter((entry) => {
      const key = `${entry.date}\n${entry.state}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/** The time of the newest change any entity's history records (ms); undefined without one. */
export function newestChange(states: HaStates): number | undefined {
  let newest: number | undefined;
  for (const entity of Object.values(states.entities)) {
    for (const entry of entity.history ?? []) {
      const time = parseHaDate(entry.date);
      if (time !== undefined && (newest === undefined || time > newest)) newest = time;
    }
  }
  return newest;
}

/**
 * Whether states that arrived live are older than those shown, by their own dates (the newest
 * change their history records), not by when they arrived: a states file from an earlier record,
 * sent again as if live, never replaces what is shown. A live update has no history and no date
 * of its own: it comes from the home's own peer, and is taken.
 */
export function olderThanShown(arrived: HaStates, shown: HaStates | null): boolean {
  if (!shown) return false;
  const arrivedAt = newestChange(arrived);
  const shownAt = newestChange(shown);
  return arrivedAt !== undefined && shownAt !== undefined && arrivedAt < shownAt;
}
