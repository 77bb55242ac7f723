/**
 * Where an endpoint's metadata is kept in localStorage (metadata/cache.ts). A module of its own so
 * the page's first script can tell whether a visit is warm without loading the chain code.
 */
export const metadataCacheKey = (endpoint: string) =>
  `chain-metadata:${endpoint.trim().replace(/\/+$/, '')}`;
