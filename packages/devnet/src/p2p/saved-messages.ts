import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../store/durable-file.ts';

/**
 * The messages a client sent with `save_data: true`, the newest per protocol, kept on disk
 * (`saved_data/<protocol>.json` in the proxy's folder) and sent to each peer that connects (see
 * docs/libp2p.md): a freshly connected app gets the home's last states at once.
 */
export class SavedMessages {
  private readonly byProtocol = new Map<string, Record<string, unknown>>();
  private readonly dir: string;

  constructor(proxyDir: string) {
    this.dir = join(proxyDir, 'saved_data');
    if (!existsSync(this.dir)) return;
    for (const file of readdirSync(this.dir)) {
      if (!file.endsWith('.json')) continue;
      try {
        const message = JSON.parse(readFileSync(join(this.dir, file), 'utf8')) as unknown;
        if (
          typeof message === 'object' &&
          message !== null &&
          typeof (message as { protocol?: unknown }).protocol === 'string'
        ) {
          const kept = message as Record<string, unknown> & { protocol: string };
          this.byProtocol.set(kept.protocol, kept);
        }
      } catch {
        // A file cut short by a crash of an older devnet: the next message replaces it.
      }
    }
  }

  save(protocol: string, message: Record<string, unknown>): void {
    this.byProtocol.set(protocol, message);
    mkdirSync(this.dir, { recursive: true });
    const name = protocol.replace(/^\/+/, '').replace(/[^A-Za-z0-9_.-]/g, '_') || 'message';
    writeFileDurably(join(this.dir, `${name}.json`), JSON.stringify(message));
  }

  /** Every kept message: its protocol and data. */
  all(): { protocol: string; data: unknown }[] {
    return [...this.byProtocol.entries()].map(([protocol, message]) => ({
      protocol,
      data: message.data,
    }));
  }
}
