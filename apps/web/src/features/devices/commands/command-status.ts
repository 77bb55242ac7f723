import {
  LAUNCH_STATUS_TEXT,
  type LaunchStatus,
} from '@robonomics-dapp/robonomics/home-assistant/launch';
import type { HaEntityState } from '@robonomics-dapp/robonomics/home-assistant/states';

/** Said once the home reports the entity changed after a command it took. */
export const APPLIED_TEXT = 'All done! The new state has arrived.';

/** The last command sent to an entity, as its card shows it. */
export interface CommandStatus {
  /** Which command: each has its own, and its own toast. */
  id: number;
  status: LaunchStatus;
  /** The entity as it was when the command was sent (entityMark), to see the new state come. */
  before: string;
  /** Why it was refused or failed, in words; null otherwise. */
  reason: string | null;
}

/** What a command changes of an entity: its state and attributes. */
export function entityMark(entity: HaEntityState | undefined): string {
  return entity ? JSON.stringify([entity.state, entity.attributes]) : '';
}

/**
 * The one line a card shows for its entity's last command: pending → "Waiting for request
 * complete", sent → "All done!" (the home took it: its proxy answered, or the launch is on
 * chain), applied → "All done! The new state has arrived." once the home reports the entity
 * changed; or the refusal, in words.
 */
export function commandStatusText(
  command: CommandStatus,
  entity: HaEntityState | undefined,
): string {
  if (command.status === 'success' && entity && entityMark(entity) !== command.before) {
    return APPLIED_TEXT;
  }
  const text = LAUNCH_STATUS_TEXT[command.status];
  return command.status === 'error' && command.reason ? `${text}: ${command.reason}` : text;
}
