import { markOnce } from '@robonomics-dapp/robonomics/chain/connection/first-data/marks';
import { dropHomePreview } from '../../../lib/shell/home-preview.ts';

/**
 * Milestones on the way to the home on screen, as User Timing marks (performance.mark): the
 * bench (`npm run bench`, scripts/bench-home.mjs) reads them to show where a load of the devices
 * page spends its time. Each is set once per page; a mark costs next to nothing.
 */
export type HomeMilestone =
  /** The devices page's code has run (its chunk loaded). */
  | 'page'
  /** The signed-in user's key is in memory (opened from this device, or typed). */
  | 'key'
  /** The home's config is open: the copy kept on this device, or the chain's. */
  | 'config'
  /** The home's states are open: kept, from the chain and IPFS, or peer-to-peer. */
  | 'states'
  /** The peer-to-peer connection to the home is up. */
  | 'libp2p'
  /** The first frame with a device card has been painted. */
  | 'first-card'
  /** The first frame with a device card showing live (not kept) states has been painted. */
  | 'live-card';

export const HOME_MARK_PREFIX = 'home:';

let firstCard: () => void = () => {};
/** Settles once the first frame with a device card has been painted on this page. */
export const firstCardPainted = new Promise<void>((resolve) => {
  firstCard = resolve;
});

/** Marks `milestone` the first time it is reached on this page; later calls do nothing. */
export function markHome(milestone: HomeMilestone): void {
  if (milestone === 'first-card') {
    firstCard();
    // The page's own card is on screen: the view painted before the app ran goes.
    if (typeof document !== 'undefined') dropHomePreview(document);
  }
  markOnce(`${HOME_MARK_PREFIX}${milestone}`);
}
