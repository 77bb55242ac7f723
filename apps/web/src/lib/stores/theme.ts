import { create } from 'zustand';
import { safeStorage } from '../storage/safe-storage.ts';

export type Theme = 'light' | 'dark';
const THEME_KEY = 'robonomics-dapp.theme';

function initialTheme(): Theme {
  const saved = safeStorage.get(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function apply(theme: Theme) {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

interface ThemeState {
  theme: Theme;
  toggle(): void;
}

export const useTheme = create<ThemeState>((set, get) => {
  const theme = initialTheme();
  apply(theme);
  return {
    theme,
    toggle() {
      const next: Theme = get().theme === 'dark' ? 'light' : 'dark';
      safeStorage.set(THEME_KEY, next);
      apply(next);
      set({ theme: next });
    },
  };
});
