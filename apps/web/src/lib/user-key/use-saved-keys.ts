import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deleteSealedKey, listSealedUsers, watchSealedKeys } from './sealed-key-db.ts';

const SAVED_KEYS = ['saved-user-keys'] as const;

/**
 * The users whose keys are kept on this device (null until read, or when the browser keeps none),
 * kept current across tabs: a key saved or forgotten in any tab updates every tab at once.
 */
export function useSavedKeys(): { users: string[] | null; forget(user: string): Promise<void> } {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: SAVED_KEYS,
    queryFn: async () => (await listSealedUsers()).sort(),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  useEffect(
    () => watchSealedKeys(() => void queryClient.invalidateQueries({ queryKey: SAVED_KEYS })),
    [queryClient],
  );
  return {
    users: data ?? null,
    forget: async (user) => {
      await deleteSealedKey(user);
      await queryClient.invalidateQueries({ queryKey: SAVED_KEYS });
    },
  };
}
