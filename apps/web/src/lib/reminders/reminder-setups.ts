import {
  KNOWN_ENDPOINTS,
  networkOfEndpoint,
} from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { appUrl, renewPath, routePaths } from '../shell/route-table.ts';
import { cleanReport, type HomeReport, homeKey } from '../stores/home-reports.ts';
import type { SavedSetup } from '../stores/saved-setups-format.ts';

/**
 * What the page tells the service worker so it can check the saved setups on its own
 * (docs/pwa.md, "Renewal reminders"): which ledger to read on which node, the controller whose
 * datalog tells a quiet home, and where a tap on a notification leads.
 */
export interface ReminderSetup {
  owner: string;
  name: string;
  network: string;
  /** The node the setup's network is read from. */
  endpoint: string;
  controller?: string;
  /** The home's sending interval (s) when this device has seen its config. */
  sendingTimeout?: number;
  /** The renew page (the buy flow with this setup preselected). */
  renewUrl: string;
  /** The devices page, where a quiet home's notification leads. */
  homeUrl: string;
}

/** The one message the page sends the worker about reminders. */
export interface ReminderMessage {
  type: 'reminders';
  enabled: boolean;
  setups: ReminderSetup[];
  /** 'now': check at once (the user just turned reminders on); 'auto': unless checked today. */
  check: 'now' | 'auto' | 'none';
}

/** The periodic background sync's tag. */
export const REMINDER_SYNC_TAG = 'renewal-reminders';

/**
 * The saved setups as the worker needs them. A setup of the network the app is connected to is
 * read from the node in use; one of another known network from that network's node; one of a
 * custom node the app is not using now is left out (its node is not known).
 */
export function reminderSetups(
  setups: readonly SavedSetup[],
  endpoint: string,
  reports: Record<string, HomeReport>,
  base: string,
): ReminderSetup[] {
  const current = networkOfEndpoint(endpoint);
  return setups.flatMap((setup) => {
    const node =
      setup.network === current
        ? endpoint
        : KNOWN_ENDPOINTS.find((known) => known.network === setup.network)?.url;
    if (!node) return [];
    const controller = setup.controller?.address;
    const report = controller ? cleanReport(reports[homeKey(node, controller)]) : {};
    return [
      {
        owner: setup.owner,
        name: setup.name,
        network: setup.network,
        endpoint: node,
        ...(controller ? { controller } : {}),
        ...(report.sendingTimeout ? { sendingTimeout: report.sendingTimeout } : {}),
        renewUrl: appUrl(renewPath(setup.owner), base),
        homeUrl: appUrl(routePaths.devices, base),
      },
    ];
  });
}
