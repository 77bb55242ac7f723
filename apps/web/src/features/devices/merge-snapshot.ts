import { formatHaDate, type HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';

/**
 * A live snapshot has no history: keep the known history and add the new state when it changed,
 * so charts go on growing between datalog records.
 */
export function mergeSnapshot(previous: HaStates | null, next: HaStates, now: number): HaStates {
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
