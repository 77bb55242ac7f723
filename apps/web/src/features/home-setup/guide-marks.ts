import { create } from 'zustand';
import { safeStorage } from '../../lib/storage/safe-storage.ts';

/**
 * What the guided setup remembers on this device beyond the chain, per endpoint and owner: the
 * auction its bid went to (to follow it after a reload) and when a file Home Assistant accepts was
 * downloaded. Each is only a hint: the steps are decided by the chain.
 */
const KEY = 'robonomics-dapp.home-setup.v1';
const MAX_ENTRIES = 20;

export interface GuideMarks {
  bid?: { auction: number; at: number };
  fileAt?: number;
}

type AllMarks = Record<string, GuideMarks>;

const keyOf = (endpoint: string, owner: string) => `${endpoint}|${owner}`;

function readAll(): AllMarks {
  try {
    const parsed = JSON.parse(safeStorage.get(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as AllMarks)
      : {};
  } catch {
    return {};
  }
}

function clean(marks: GuideMarks | undefined): GuideMarks {
  const bid = marks?.bid;
  return {
    ...(bid && Number.isInteger(bid.auction) && bid.auction >= 0 && typeof bid.at === 'number'
      ? { bid: { auction: bid.auction, at: bid.at } }
      : {}),
    ...(typeof marks?.fileAt === 'number' ? { fileAt: marks.fileAt } : {}),
  };
}

interface GuideMarksState {
  all: AllMarks;
  mark(endpoint: string, owner: string, patch: Partial<GuideMarks>): void;
}

export const useGuideMarks = create<GuideMarksState>((set) => ({
  all: readAll(),
  mark(endpoint, owner, patch) {
    const all = readAll();
    const key = keyOf(endpoint, owner);
    all[key] = clean({ ...all[key], ...patch });
    const kept = Object.fromEntries(Object.entries(all).slice(-MAX_ENTRIES));
    safeStorage.set(KEY, JSON.stringify(kept));
    set({ all: kept });
  },
}));

/** The marks of one owner on one endpoint. */
export function marksOf(all: AllMarks, endpoint: string, owner: string | null): GuideMarks {
  return owner ? clean(all[keyOf(endpoint, owner)]) : {};
}
