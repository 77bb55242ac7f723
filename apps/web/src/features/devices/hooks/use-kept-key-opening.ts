import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUserKey } from '../../../lib/user-key/user-key-store.ts';

/**
 * The key kept on this device for the remembered user, opened as soon as the page runs, beside
 * the home's first reads (the sign-in form asks for the same query and shares it). True while
 * the key of the user remembered when the page opened is being opened: the sign-in form waits
 * behind it, so it does not show for a moment to a returning user.
 */
export function useKeptKeyOpening(): boolean {
  const { user, pair, restore, restored } = useUserKey();
  const [remembered] = useState(user);
  // Opened before this page rendered (the early start): the sign-in still says the key was kept.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (restored && user) queryClient.setQueryData(['sealed-key', user], true);
  }, [restored, user, queryClient]);
  const query = useQuery({
    queryKey: ['sealed-key', user],
    queryFn: () => restore(user!),
    enabled: user !== null && !pair,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return user !== null && user === remembered && !pair && query.isPending;
}
