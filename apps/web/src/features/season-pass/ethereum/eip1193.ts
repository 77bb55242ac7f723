/** The EIP-1193 provider a browser wallet exposes. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

/** A wallet announced through EIP-6963, or the legacy window.ethereum. */
export interface WalletDetail {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
  interface WindowEventMap {
    'eip6963:announceProvider': CustomEvent<WalletDetail>;
  }
}

export const LEGACY_RDNS = 'window.ethereum';

/**
 * Finds every injected wallet: EIP-6963 announcements (several wallets can coexist) plus the
 * legacy window.ethereum when no announced wallet claims it. Calls back on each change.
 */
export function discoverWallets(onChange: (wallets: WalletDetail[]) => void): () => void {
  const byUuid = new Map<string, WalletDetail>();
  const emit = () => {
    const announced = [...byUuid.values()];
    const legacy = typeof window !== 'undefined' ? window.ethereum : undefined;
    const legacyListed = legacy && !announced.some((w) => w.provider === legacy);
    onChange(
      legacyListed
        ? [
            ...announced,
            {
              info: { uuid: LEGACY_RDNS, name: 'Browser wallet', icon: '', rdns: LEGACY_RDNS },
              provider: legacy,
            },
          ]
        : announced,
    );
  };
  const onAnnounce = (event: CustomEvent<WalletDetail>) => {
    const detail = event.detail;
    if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return;
    byUuid.set(detail.info.uuid, detail);
    emit();
  };
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  emit();
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
}

/** Error codes of EIP-1193 / EIP-1474 the app reacts to. */
export const USER_REJECTED = 4001;
export const UNRECOGNIZED_CHAIN = 4902;

export function errorCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'number' ? code : undefined;
}
