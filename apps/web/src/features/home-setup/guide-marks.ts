import { create } from 'zustand';
import {
  accountKey,
  readAccountRecords,
  withAccountRecord,
} from '../../lib/storage/account-records.ts';
import { safeStorage } from '../../lib/storage/safe-storage.ts';

/**
 * What the guided setup remembers on this device beyond the chain, per endpoint and owner: the
 * auction its bid went to (to follow it after a reload), when a file Home Assistant accepts was
 * downloaded, and the time of the first record the guide wrote for the controller (so that
 * record is not taken for the home's first publication). Each is only a hint: the steps are
 * decided by the chain.
 */
const KEY = 'robonomics-dapp.home-setup.v1';

export interface GuideMarks {
  bid?: { auction: number; at: number };
  fileAt?: number;
  /** The controller's first record, written by the guide with its twin (its block time). */
  seed?: { controller: string; at: number };
}

type AllMarks = Record<string, GuideMarks>;

/** Unchecked: each owner's marks are cleaned where they are read (`marksOf`). */
const readAll = () => readAccountRecords(safeStorage.get(KEY)) as AllMarks;

function clean(marks: GuideMarks | undefined): GuideMarks {
  const bid = marks?.bid;
  return {
    ...(bid && Number.isInteger(bid.auction) && bid.auction >= 0 && typeof bid.at === 'number'
      ? { bid: { auction: bid.auction, at: bid.at } }
      : {}),
    ...(typeof marks?.fileAt === 'number' ? { fileAt: marks.fileAt } : {}),
    ...(typeof marks?.seed?.controller === 'string' && typeof marks.seed.at === 'number'
      ? { seed: { controller: marks.seed.controller, at: marks.seed.at } }
      : {}),
  };
}

interface GuideMarksState {
  all: AllMarks;
  mark(endpoint: string, owner: string, patch: Partial<GuideMarks>): void;
}

export const useGuideMarks = create<GuideMarksState>((set) => ({
  all: readAll(),
  mark(endpoint, owner, patch) {
    const marks = clean({ ...readAll()[accountKey(endpoint, owner)], ...patch });
    const kept = withAccountRecord(safeStorage.get(KEY), endpoint, owner, marks, (m) =>
      Math.max(m.bid?.at ?? 0, m.fileAt ?? 0, m.seed?.at ?? 0),
    );
    safeStorage.set(KEY, kept);
    set({ all: readAccountRecords(kept) as AllMarks });
  },
}));

/** The marks of one owner on one endpoint. */
export function marksOf(all: AllMarks, endpoint: string, owner: string | null): GuideMarks {
  return owner ? clean(all[accountKey(endpoint, owner)]) : {};
}
