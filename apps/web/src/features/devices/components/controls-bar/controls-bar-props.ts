import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import type { ConnectionChoice } from '../../commands/connection-choice.ts';
import type { ConnectionState } from '../../hooks/use-home.ts';

export interface ControlsBarProps {
  setupName: string;
  controller: string | null;
  /** The signed-in user's address, when there is one. */
  user: string | null;
  devices: string[] | undefined;
  /**
   * When the device list shown was seen on this device, while the parachain has not answered
   * and a user is signed in (before that, the sign-in says it).
   */
  devicesKeptSince: number | null;
  ledger: SubscriptionLedger | null | undefined;
  /** Where this browser moved the subscription (rws.transfer), if it did. */
  movedTo?: { to: string; at: number } | null;
  now: number;
  /** The home is shown (connection facts apply only then). */
  ready: boolean;
  /** The home shown came over the network on this visit; false while it is the kept copy. */
  live: boolean;
  connection: ConnectionState;
  /** Why the parachain cannot be used now; null while it can. */
  chainUnavailable: string | null;
  /** The parachain node failed to answer (not merely not connected yet). */
  chainFailed: boolean;
  choice: ConnectionChoice;
  onReconnect: (choice: ConnectionChoice) => void;
  /** When the shown data was current, ms; null before any arrived. */
  updated: number | null;
  /** Since when the page waits for data, ms. */
  waitingSince: number | null;
  config: unknown;
  states: unknown;
}
