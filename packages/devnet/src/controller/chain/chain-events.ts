import { hexToU8a } from '@polkadot/util';
import { nowMicros } from '../ha-api/ha-format.ts';
import type { HaUsers } from '../ha-api/ha-users.ts';
import type { HomeStore } from '../home/home.ts';
import type { ChainEvent, ChainLink } from './chain.ts';
import type { SubscriptionView } from './subscription.ts';

/** The integration's own counter of subscription days. */
export const DAYS_SENSOR = 'sensor.robonomics_subscription_days_left';

export interface ChainEventsContext {
  /** The controller account (SS58-32). */
  address: string;
  chain: ChainLink;
  home: HomeStore;
  subscription: SubscriptionView;
  users: HaUsers;
  /** Applies a launch sent to the controller on the chain. */
  handleLaunch(sender: string, param: string): Promise<void>;
  refreshDevices(force?: boolean): Promise<void>;
  /** The device list was read again after the owner changed it. */
  onDevicesChanged(): void;
  log(message: string): void;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

function hexText(value: unknown): string {
  if (typeof value !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(value)) return '';
  return utf8.decode(hexToU8a(value));
}

/**
 * What the controller does with each block's events: launches addressed to it (applied one after
 * another, in block order), datalog records (a user's password request), and a new device list of
 * its owner's subscription; and the days-left sensor it keeps from the subscription's ledger.
 */
export function chainEventsJob(context: ChainEventsContext) {
  const { address, chain, home, subscription, users, handleLaunch, log } = context;
  let launches = Promise.resolve();

  const onBlockEvents = (list: ChainEvent[]) => {
    for (const event of list) {
      if (event.section === 'launch' && event.method === 'NewLaunch' && event.data[1] === address) {
        const sender = String(event.data[0]);
        const param = event.hex[2]!;
        launches = launches
          .then(() => handleLaunch(sender, param))
          .catch((error: unknown) => {
            log(`launch handling failed: ${(error as Error).message}`);
          });
      }
      if (event.section === 'datalog' && event.method === 'NewRecord') {
        users.onRecord(String(event.data[0]), hexText(event.data[2]));
      }
      if (
        event.section === 'rws' &&
        event.method === 'NewDevices' &&
        event.data[0] === subscription.owner
      ) {
        void context
          .refreshDevices(true)
          .then(() => context.onDevicesChanged())
          .catch((error: unknown) => log((error as Error).message));
      }
    }
  };

  const updateDaysSensor = async () => {
    const owner = subscription.owner;
    if (!owner) return;
    const days = await chain.subscriptionDaysLeft(owner);
    if (days !== null) home.setState(DAYS_SENSOR, String(days), nowMicros());
  };

  return {
    onBlockEvents,
    updateDaysSensor,
    /** Resolves once every launch received so far is handled. */
    settled: () => launches,
  };
}
