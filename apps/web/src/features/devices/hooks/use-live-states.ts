import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  writeKeptStatesFile,
  writeKeptStatesUpdate,
} from '../../../lib/storage/home-config-cache.ts';
import type { KeptHome } from '../api/kept-home.ts';
import type { HomeKeys, LoadedHome } from '../api/load-home.ts';
import { keepLiveStates, mergeLiveUpdate, olderThanShown } from '../view/merge-states.ts';

/** States as shown, and when they were current. */
export interface Shown {
  states: HaStates;
  time: number;
}

/** The newest states that arrived live (an /update or a new record), and what they are shown on. */
interface LiveStates extends Shown {
  /** Whose home it is: another user or controller makes it stale. */
  keys: HomeKeys | null;
  /** The home it was merged into; null when it arrived before any. */
  base: Shown | null;
  /** What arrived, without history. */
  arrived: HaStates;
}

/**
 * What the live states are shown on: the chain's home when it is loaded, else the copy kept on
 * this device. A kept live update newer than the chain's record stays on top of it.
 */
export function homeBase(loaded: LoadedHome | undefined, kept: KeptHome | null): Shown | null {
  if (!loaded) return kept;
  if (kept?.update && kept.update.time > loaded.time) {
    return {
      states: mergeLiveUpdate(loaded.states, kept.update.states, kept.update.time),
      time: kept.update.time,
    };
  }
  return loaded;
}

/** How `showStates` keeps what arrived, and whether it is older than the live states shown. */
export interface ArrivedAs {
  /** The states file read from IPFS (kept as the home's last file). */
  file?: string;
  /** The /update envelope that brought them (kept as the home's last update). */
  update?: string;
  /** A file from an older moment than the live updates already shown: they stay on top. */
  olderThanLive?: boolean;
}

/**
 * The states on screen: `base` (the chain's home, or the copy kept on this device) with what
 * arrived live merged into it. `showStates` takes states that arrived (an /update, a new record's
 * file) and keeps their envelope for the next visit; it refuses states sent as live that are
 * older than those shown, by their own dates. Another user or controller drops what arrived for
 * the last one.
 */
export function useLiveStates(endpoint: string, keys: HomeKeys | null, base: Shown | null) {
  // What arrived live, merged into the home shown when it came.
  const [arrived, setLive] = useState<LiveStates | null>(null);
  // Another user or controller: nothing of the last one's home stays.
  const live = arrived && arrived.keys === keys ? arrived : null;
  const baseRef = useRef(base);
  baseRef.current = base;
  const keysRef = useRef(keys);
  keysRef.current = keys;
  /** The states on screen (set below, once worked out). */
  const shownRef = useRef<Shown | null>(null);
  const showStates = useCallback(
    (arrived: HaStates, time: number, kept?: ArrivedAs) => {
      const owner = keysRef.current;
      const on = baseRef.current;
      // States sent as live that are older than those shown (by their own dates) are not shown.
      if (kept?.update && olderThanShown(arrived, shownRef.current?.states ?? null)) return false;
      setLive((shown) => {
        const previous =
          shown && shown.keys === owner && shown.base === on ? shown.states : (on?.states ?? null);
        const taken = kept?.olderThanLive ? keepLiveStates(arrived, previous) : arrived;
        return {
          keys: owner,
          base: on,
          arrived: taken,
          states: mergeLiveUpdate(previous, taken, time),
          time,
        };
      });
      if (!owner) return true;
      if (kept?.file)
        writeKeptStatesFile(endpoint, owner.controller, { time, envelope: kept.file });
      if (kept?.update)
        writeKeptStatesUpdate(endpoint, owner.controller, { time, envelope: kept.update });
      return true;
    },
    [endpoint],
  );

  const shown = useMemo((): Shown | null => {
    if (!base) return live;
    if (!live) return base;
    if (live.base === base) return live;
    // Live states that came before this base, or with an older one: newer ones win.
    return live.time > base.time
      ? { states: mergeLiveUpdate(base.states, live.arrived, live.time), time: live.time }
      : base;
  }, [base, live]);
  shownRef.current = shown;
  const currentBase = useCallback(() => baseRef.current, []);
  return { shown, live, showStates, currentBase };
}
