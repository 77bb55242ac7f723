import {
  type Call,
  type EntityUpdate,
  numberAttr,
  onlyKeys,
  refuse,
  same,
  toBool,
  toText,
  unknownService,
} from './schema.ts';

/** HA's UpdateEntityFeature bits. */
export const UPDATE = { INSTALL: 1, SPECIFIC_VERSION: 2, PROGRESS: 4, BACKUP: 8 } as const;

const text = (value: unknown) =>
  typeof value === 'string' && value !== 'None' ? value : undefined;

/**
 * Update entities: "on" while `latest_version` differs from `installed_version` and is not the
 * skipped one. install (with an optional version and backup, when the entity supports them)
 * brings the installed version up at once; skip marks the offered version skipped;
 * clear_skipped removes the mark.
 */
export function update(call: Call): EntityUpdate {
  const { entity, data, entityId } = call;
  const a = entity.attributes;
  const features = numberAttr(a, 'supported_features', 0);
  const installed = text(a.installed_version);
  const latest = text(a.latest_version);
  const offered = latest !== undefined && latest !== installed;
  switch (call.service) {
    case 'install': {
      onlyKeys(data, ['version', 'backup']);
      if ((features & UPDATE.INSTALL) === 0) {
        refuse(`Entity ${entityId} does not support install`);
      }
      const version = toText(data, 'version');
      const backup = toBool(data, 'backup', false);
      if (version === undefined && !offered) refuse(`No update available for ${entityId}`);
      if (version !== undefined && (features & UPDATE.SPECIFIC_VERSION) === 0) {
        refuse(`Installing a specific version is not supported for ${entityId}`);
      }
      if (backup && (features & UPDATE.BACKUP) === 0) {
        refuse(`Backup is not supported for ${entityId}`);
      }
      if (a.in_progress !== false && a.in_progress !== undefined) {
        refuse(`Update installation already in progress for ${entityId}`);
      }
      const to = version ?? latest!;
      return same(call, to === latest ? 'off' : 'on', {
        installed_version: to,
        skipped_version: 'None',
      });
    }
    case 'skip': {
      onlyKeys(data, []);
      if (a.auto_update === true) refuse(`Cannot skip an update for ${entityId}`);
      if (!offered) refuse(`No update available to skip for ${entityId}`);
      return same(call, 'off', { skipped_version: latest });
    }
    case 'clear_skipped': {
      onlyKeys(data, []);
      if (a.auto_update === true) refuse(`Cannot clear skipped update for ${entityId}`);
      return same(call, offered ? 'on' : 'off', { skipped_version: 'None' });
    }
  }
  return unknownService(call);
}
