import type { HaHistoryEntry, HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';

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
