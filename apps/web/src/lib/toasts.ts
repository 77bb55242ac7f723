import { create } from 'zustand';

/** Default toast timeout (docs/product-rules.md, Constants). */
export const TOAST_TIMEOUT_MS = 3000;

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

interface ToastState {
  toasts: Toast[];
  /** Shows a message; each has its own timer, so a newer one is never cleared by an older one. */
  notify(text: string, options?: { kind?: ToastKind; timeoutMs?: number }): number;
  dismiss(id: number): void;
}

let nextId = 1;
const MAX_TOASTS = 5;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  notify(text, { kind = 'info', timeoutMs = TOAST_TIMEOUT_MS } = {}) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, text, kind }].slice(-MAX_TOASTS) });
    if (timeoutMs > 0) setTimeout(() => get().dismiss(id), timeoutMs);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));
