import { create } from 'zustand';
import type { FileVerdict } from '../../lib/files/setup-file-check.ts';

/**
 * What the guided setup holds in memory only, for this visit: the controller's password (to check
 * the setup file without asking again), the secret phrases of keys made here (shown for the
 * owner to take down, until a reload) and the last file check. A reload forgets them all.
 */
interface GuideSecrets {
  controllerPassword: string | null;
  controllerPhrase: string | null;
  /** Why the controller's key made here was not kept in this browser (its file was downloaded). */
  controllerNotKept: string | null;
  userPhrase: { address: string; phrase: string } | null;
  fileVerdict: FileVerdict | null;
  set(
    patch: Partial<
      Pick<
        GuideSecrets,
        | 'controllerPassword'
        | 'controllerPhrase'
        | 'controllerNotKept'
        | 'userPhrase'
        | 'fileVerdict'
      >
    >,
  ): void;
}

export const useGuideSecrets = create<GuideSecrets>((set) => ({
  controllerPassword: null,
  controllerPhrase: null,
  controllerNotKept: null,
  userPhrase: null,
  fileVerdict: null,
  set: (patch) => set(patch),
}));
