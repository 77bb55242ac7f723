import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { startChain } from '../lib/chain-store.ts';
import { appRoutes } from './routes.tsx';

/**
 * Hash URLs (https://host/#/rws-buy): the app is served as static files from IPFS, where no
 * server can fall back to index.html for deep links.
 */
export function App() {
  useEffect(startChain, []);
  const [router] = useState(() => createHashRouter(appRoutes));
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
