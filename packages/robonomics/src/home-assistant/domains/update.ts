import { defineDomain } from './service-schema.ts';

/** HA's UpdateEntityFeature bits. */
export const UPDATE_FEATURES = { INSTALL: 1, SPECIFIC_VERSION: 2, PROGRESS: 4, BACKUP: 8 } as const;

/**
 * Update entities, "on" while `latest_version` differs from `installed_version` and is not the
 * skipped one: install (a given version and a backup first when the entity supports them), skip
 * the offered version, clear the skip.
 */
export const UPDATE = defineDomain({
  name: 'update',
  features: UPDATE_FEATURES,
  services: {
    install: {
      feature: UPDATE_FEATURES.INSTALL,
      params: {
        version: { kind: 'text', label: 'Version' },
        backup: { kind: 'boolean', label: 'Backup' },
      },
    },
    skip: { params: {} },
    clear_skipped: { params: {} },
  },
});
