/**
 * TanStack Query options of a read made once per key: never retried, refetched or kept after its
 * last reader leaves (the home's reads: a failure has its own retry, by a new attempt).
 */
export const READ_ONCE = {
  retry: false,
  gcTime: 0,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
