import { type Attributes, textAttribute } from './attributes.ts';
import { defineDomain, type TextParam } from './service-schema.ts';

/** HA's LockEntityFeature: OPEN (unlatch) is the only bit. */
export const LOCK_FEATURES = { OPEN: 1 } as const;

/** The pattern a lock's code must match, when the lock asks for a code. */
export function codeFormat(attributes: Attributes): string | undefined {
  const format = textAttribute(attributes.code_format);
  return format === '' ? undefined : format;
}

const CODE = { kind: 'text', label: 'Code' } as const satisfies TextParam;

/** Locks: lock, unlock and open (unlatch, behind its bit), each with an optional code. */
export const LOCK = defineDomain({
  name: 'lock',
  features: LOCK_FEATURES,
  services: {
    lock: { params: { code: CODE } },
    unlock: { params: { code: CODE } },
    open: { feature: LOCK_FEATURES.OPEN, params: { code: CODE } },
  },
});
