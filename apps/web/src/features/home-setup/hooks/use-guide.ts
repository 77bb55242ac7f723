import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { networkOfEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { subscribeAuctionWinner } from '@robonomics-dapp/robonomics/chain/subscriptions/auction';
import { isSubscriptionActive } from '@robonomics-dapp/robonomics/rws/subscription';
import { useBalance } from '../../../lib/chain/use-balance.ts';
import { useChainNow } from '../../../lib/chain/use-chain-now.ts';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { useLastReport } from '../../../lib/chain/use-last-report.ts';
import { useLedger } from '../../../lib/chain/use-ledger.ts';
import { useSubscriptionDeviceList } from '../../../lib/chain/use-subscription-devices.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import { homeKey, useHomeReports } from '../../../lib/stores/home-reports.ts';
import { useSavedSetups } from '../../../lib/stores/saved-setups.ts';
import { useWallet } from '../../../lib/wallet/wallet-store.ts';
import { marksOf, useGuideMarks } from '../guide-marks.ts';
import { type GuideFacts, guideSteps } from '../guide-steps.ts';

/** The winner of one auction, followed live (null while nobody bid). */
function useAuctionWinner(index: number | undefined): string | null | undefined {
  return useChainSubscription<string | null>(
    index === undefined ? null : `auction-winner:${index}`,
    (client, set) => subscribeAuctionWinner(client, index!, set),
  ).value;
}

/** Everything the guided setup decides its steps by, read live from the chain and this device. */
export function useGuide() {
  const endpoint = useChain((s) => s.endpoint);
  const network = networkOfEndpoint(endpoint);
  const { minimalBid, auctionQueue } = useChain((s) => s.offer);
  const owner = useWallet((s) => s.address);
  const balance = useBalance(owner);
  const ledger = useLedger(owner);
  const now = useChainNow() ?? Date.now();
  const setup = useSavedSetups((s) =>
    owner ? s.setups.find((x) => x.network === network && addressEq(x.owner, owner)) : undefined,
  );
  const deviceList = useSubscriptionDeviceList(owner);
  const marks = marksOf(
    useGuideMarks((s) => s.all),
    endpoint,
    owner,
  );
  const winner = useAuctionWinner(marks.bid?.auction);
  const controller = setup?.controller?.address ?? null;
  const report = useLastReport(controller);
  const controlledAt = useHomeReports((s) =>
    controller ? s.reports[homeKey(endpoint, controller)]?.controlledAt : undefined,
  );
  const users = (setup?.users ?? [])
    .map((u) => u.address)
    .filter(
      (a) => !(owner && addressEq(a, owner)) && !(controller !== null && addressEq(a, controller)),
    );
  const active = ledger ? isSubscriptionActive(ledger, now) : false;
  const bidding =
    !active &&
    marks.bid !== undefined &&
    (auctionQueue?.includes(marks.bid.auction) ?? false) &&
    winner !== null &&
    winner !== undefined &&
    owner !== null &&
    addressEq(winner, owner);
  const facts: GuideFacts = {
    owner,
    balance: balance?.transferable,
    minimalBid,
    subscription: ledger === undefined ? undefined : ledger === null ? null : { active },
    bidding,
    controller,
    users,
    devices: deviceList.live ? deviceList.devices : undefined,
    fileDownloaded: marks.fileAt !== undefined,
    // The first record the guide wrote for the controller (with its twin) is not the home's.
    published:
      report.time !== null &&
      !(
        marks.seed !== undefined &&
        controller !== null &&
        addressEq(marks.seed.controller, controller) &&
        report.time <= marks.seed.at
      ),
    controlled: controlledAt !== undefined,
  };
  return {
    endpoint,
    network,
    facts,
    steps: guideSteps(facts),
    ledger,
    setup,
    marks,
    deviceList,
    balance,
    lastReport: report,
  };
}

export type Guide = ReturnType<typeof useGuide>;
