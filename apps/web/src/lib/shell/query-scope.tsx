import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The app's one query cache. It loads with the first part of the app that reads through
 * react-query (a page, the active setup's facts, the dashboard's reminders), never with the shell:
 * the dashboard runs without it (docs/first-data.md, Weight).
 */
const queryClient = new QueryClient();

/** Gives what it wraps the app's query cache; every lazily loaded part is wrapped in it. */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
