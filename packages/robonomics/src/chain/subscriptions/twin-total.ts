import type { RobonomicsClient } from '../model/client-type.ts';

/** Follows DigitalTwin.Total: how many twins exist (0 before the first). */
export function subscribeTwinTotal(
  client: RobonomicsClient,
  onTotal: (total: number) => void,
): Promise<() => Promise<void>> {
  return client.query.digitalTwin.total((total) => onTotal(total ?? 0));
}
