import { create } from 'zustand';

/** Default toast timeout (docs/product-rules.md, Constants). */
export const TOAST_TIMEOUT_MS = 3000;

/** How many toasts show at once; older ones wait behind them (and expire on their own timers). */
export const VISIBLE_TOASTS = 3;

/** Never more than this many kept: the oldest message goes first. */
const MAX_TOASTS = 20;

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
  /** The step of a process this message reports on (see `notify`). */
  step?: string;
}

export interface NotifyOptions {
  kind?: ToastKind;
  /**
   * 0 keeps the message until it is dismissed. Default: errors are kept, progress messages
   * (with a `step`, kind info) stay until their step completes, others go after 3 s.
   */
  timeoutMs?: number;
  /**
   * Names the process the message reports on ('home-load', 'peer', one command): the next
   * message of the same process replaces it where it stands (its step completed), and
   * `finish(step)` removes it when the process ends. An error is never replaced this way: it
   * stays until the user dismisses it.
   */
  step?: string;
}

interface ToastState {
  toasts: Toast[];
  /** Shows a message; each has its own timer, so a newer one is never cleared by an older one. */
  notify(text: string, options?: NotifyOptions): number;
  /** The process named `step` ended: its progress message goes. */
  finish(step: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

function defaultTimeout(kind: ToastKind, step: string | undefined): number {
  if (kind === 'error') return 0;
  if (kind === 'info' && step) return 0;
  return TOAST_TIMEOUT_MS;
}

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  notify(text, { kind = 'info', timeoutMs, step } = {}) {
    const id = nextId++;
    const toast: Toast = { id, text, kind, step };
    const toasts = get().toasts;
    // The step's message so far is replaced where it stands, so the messages do not move.
    const at = step ? toasts.findIndex((t) => t.step === step && t.kind !== 'error') : -1;
    set({
      toasts:
        at === -1
          ? [...toasts, toast].slice(-MAX_TOASTS)
          : toasts.map((t, i) => (i === at ? toast : t)),
    });
    const timeout = timeoutMs ?? defaultTimeout(kind, step);
    if (timeout > 0) setTimeout(() => get().dismiss(id), timeout);
    return id;
  },
  finish(step) {
    const toasts = get().toasts;
    const left = toasts.filter((t) => t.step !== step || t.kind !== 'info');
    if (left.length !== toasts.length) set({ toasts: left });
  },
  dismiss(id) {
    const toasts = get().toasts;
    if (toasts.some((t) => t.id === id)) set({ toasts: toasts.filter((t) => t.id !== id) });
  },
}));

/** The toasts on screen: the newest `VISIBLE_TOASTS`, oldest first. */
export function visibleToasts(toasts: Toast[]): Toast[] {
  return toasts.slice(-VISIBLE_TOASTS);
}
