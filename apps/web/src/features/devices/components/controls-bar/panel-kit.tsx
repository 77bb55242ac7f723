import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { BanIcon, CheckIcon } from '../../../../components/icons.tsx';

export type ChipState = 'ok' | 'bad' | 'busy';
export type ChipName = 'connection' | 'ipfs' | 'subscription' | 'datalog';

/** One status chip: its state, the words for it, and its label (which says what is wrong). */
export interface Chip {
  name: ChipName;
  state: ChipState;
  label: string;
  /** What the state means, for screen readers. */
  meaning: string;
  /**
   * When the home's data shown was current (ms): kept with the page's markup, so that the page
   * as last seen, painted on the next visit, says how old it is (lib/shell/home-preview.ts).
   */
  updated?: number;
}

/** A state icon: a check, a ban sign or a spinner; its meaning is in `label`. */
export function StateIcon({ state, label }: { state: ChipState; label: string }) {
  return (
    <span className={`state-icon mark-${state}`} role="img" aria-label={label}>
      {state === 'ok' ? (
        <CheckIcon width="16" height="16" />
      ) : state === 'bad' ? (
        <BanIcon width="16" height="16" />
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </span>
  );
}

/** A chip's panel: a card under the chips, hidden while its chip is closed. */
export function Panel({
  id,
  hidden,
  label,
  children,
}: {
  id: string;
  hidden: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="card stack-s" aria-label={label} hidden={hidden}>
      {children}
    </section>
  );
}

/**
 * Opens a chip's panel by itself when the chip turns unhealthy ('bad'); once the user closes it,
 * it opens by itself again only after the chip was healthy in between.
 */
export function useOpenPanels(chips: Chip[]) {
  const [open, setOpen] = useState<ReadonlySet<ChipName>>(() => new Set());
  const armed = useRef(new Set<ChipName>(['connection', 'subscription', 'datalog', 'ipfs']));
  const bad = chips
    .filter((c) => c.state === 'bad')
    .map((c) => c.name)
    .join(' ');
  const ok = chips
    .filter((c) => c.state === 'ok')
    .map((c) => c.name)
    .join(' ');
  useEffect(() => {
    for (const name of ok.split(' ')) if (name) armed.current.add(name as ChipName);
    const opening = bad.split(' ').filter((n) => n && armed.current.has(n as ChipName));
    if (opening.length === 0) return;
    for (const name of opening) armed.current.delete(name as ChipName);
    setOpen((current) => new Set([...current, ...(opening as ChipName[])]));
  }, [bad, ok]);
  const toggle = (name: ChipName) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const close = useCallback(() => setOpen((current) => (current.size ? new Set() : current)), []);
  return { open, toggle, close };
}

/**
 * The open panels float over the page under the chips, so opening one (by a tap, or by itself)
 * never moves the cards under the user's finger; a tap elsewhere or Escape closes them, and
 * Escape puts the focus back on the chip it came from.
 */
export function useDismiss(bar: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (bar.current && !bar.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const chip = (document.activeElement as HTMLElement | null)
        ?.closest('.controls-panels > [id]')
        ?.getAttribute('id');
      close();
      if (chip) bar.current?.querySelector<HTMLElement>(`[aria-controls="${chip}"]`)?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [bar, open, close]);
}
