import type { ProxyChoice } from '../common/options.ts';

/**
 * Reads `--proxy`: `legacy` (the default), `current`, or `external=ws://host:port` for a proxy
 * that already runs (any implementation of the proxy's WebSocket protocol).
 */
export function parseProxyOption(value: string | undefined): ProxyChoice {
  if (value === undefined || value === 'legacy') return { kind: 'legacy' };
  if (value === 'current') return { kind: 'current' };
  if (value.startsWith('external=')) {
    const url = value.slice('external='.length);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(
        `--proxy external= needs a WebSocket address such as ws://127.0.0.1:8888, got "${url}"`,
      );
    }
    if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') {
      throw new Error(`--proxy external= needs a ws:// or wss:// address, got "${url}"`);
    }
    return { kind: 'external', url };
  }
  throw new Error(`--proxy must be legacy, current or external=ws://host:port, got "${value}"`);
}
