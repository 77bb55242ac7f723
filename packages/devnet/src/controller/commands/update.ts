import { featuresOf } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { UPDATE, UPDATE_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/update';
import { type Call, domainHome, refuse, same } from './schema.ts';

const text = (value: unknown) =>
  typeof value === 'string' && value !== 'None' ? value : undefined;

/** The installed and latest versions, and whether an update is offered. */
function versions(call: Call) {
  const a = call.entity.attributes;
  const installed = text(a.installed_version);
  const latest = text(a.latest_version);
  return { latest, offered: latest !== undefined && latest !== installed };
}

/**
 * Update entities: "on" while `latest_version` differs from `installed_version` and is not the
 * skipped one. install (with an optional version and backup, when the entity supports them)
 * brings the installed version up at once; skip marks the offered version skipped;
 * clear_skipped removes the mark.
 */
export const update = domainHome(UPDATE, {
  install: (call, { version, backup = false }) => {
    const { entityId } = call;
    const a = call.entity.attributes;
    const features = featuresOf(a);
    const { latest, offered } = versions(call);
    if (version === undefined && !offered) refuse(`No update available for ${entityId}`);
    if (version !== undefined && (features & UPDATE_FEATURES.SPECIFIC_VERSION) === 0) {
      refuse(`Installing a specific version is not supported for ${entityId}`);
    }
    if (backup && (features & UPDATE_FEATURES.BACKUP) === 0) {
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
  },
  skip: (call) => {
    const { latest, offered } = versions(call);
    if (call.entity.attributes.auto_update === true) {
      refuse(`Cannot skip an update for ${call.entityId}`);
    }
    if (!offered) refuse(`No update available to skip for ${call.entityId}`);
    return same(call, 'off', { skipped_version: latest });
  },
  clear_skipped: (call) => {
    if (call.entity.attributes.auto_update === true) {
      refuse(`Cannot clear skipped update for ${call.entityId}`);
    }
    return same(call, versions(call).offered ? 'on' : 'off', { skipped_version: 'None' });
  },
});
