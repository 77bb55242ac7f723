import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempFiles, writeFileDurably } from '../../store/durable-file.ts';

/**
 * The homes the devnet's Home Assistant adopted from setup files, kept in
 * `<data dir>/homes/homes.json` as HA keeps a config entry: the controller's seed in the clear
 * (loopback only, dev-only data), the owner, the network and the telemetry interval. Each home's
 * own data lives beside it in `<data dir>/homes/<controller address>/`.
 */

export interface AdoptedHomeRecord {
  /** The controller account (SS58-32). */
  controller: string;
  /** Its ed25519 seed, 0x and 64 hex digits. */
  seed: string;
  owner: string;
  /** The network as the file (or the manual step) named it. */
  network: string;
  intervalMinutes: number;
  /** When it was adopted (ISO 8601). */
  added: string;
}

interface RecordFile {
  format: 1;
  homes: AdoptedHomeRecord[];
}

const isRecord = (value: unknown): value is AdoptedHomeRecord => {
  const r = value as Partial<AdoptedHomeRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.controller === 'string' &&
    typeof r.seed === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(r.seed) &&
    typeof r.owner === 'string' &&
    typeof r.network === 'string' &&
    typeof r.intervalMinutes === 'number' &&
    typeof r.added === 'string'
  );
};

export class AdoptedHomes {
  readonly dir: string;
  private readonly file: string;
  private homes: AdoptedHomeRecord[];

  /** Opens the record in `dir` (`<data dir>/homes`); an unreadable one stops the start. */
  constructor(dir: string) {
    this.dir = dir;
    this.file = join(dir, 'homes.json');
    removeTempFiles(dir);
    if (!existsSync(this.file)) {
      this.homes = [];
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (error) {
      throw new Error(`${this.file} is not JSON (${(error as Error).message}); start with --reset`);
    }
    const homes = (parsed as Partial<RecordFile> | null)?.homes;
    if (!Array.isArray(homes) || !homes.every(isRecord)) {
      throw new Error(`${this.file} does not list adopted homes; start with --reset`);
    }
    this.homes = homes;
  }

  list(): readonly AdoptedHomeRecord[] {
    return this.homes;
  }

  /** The folder of a home's own data. */
  folderOf(controller: string): string {
    return join(this.dir, controller);
  }

  /** Adds a home; returns once the record is on disk. */
  add(record: AdoptedHomeRecord): void {
    const next = [...this.homes.filter((h) => h.controller !== record.controller), record];
    mkdirSync(this.dir, { recursive: true });
    const file: RecordFile = { format: 1, homes: next };
    writeFileDurably(this.file, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    this.homes = next;
  }
}
