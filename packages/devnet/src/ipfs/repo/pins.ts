import { existsSync, readFileSync } from 'node:fs';
import { writeFileDurably } from '../../store/durable-file.ts';

export type PinMode = 'recursive' | 'direct';

interface PinFile {
  recursive: string[];
  direct: string[];
}

/**
 * Pinned CIDs (as the strings they were pinned with), kept in one JSON file replaced atomically
 * and synced before a pin change answers.
 */
export class PinSet {
  readonly recursive = new Set<string>();
  readonly direct = new Set<string>();
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
    if (!existsSync(file)) return;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<PinFile>;
    for (const cid of saved.recursive ?? []) this.recursive.add(cid);
    for (const cid of saved.direct ?? []) this.direct.add(cid);
  }

  mode(cid: string): PinMode | null {
    if (this.recursive.has(cid)) return 'recursive';
    if (this.direct.has(cid)) return 'direct';
    return null;
  }

  add(cid: string, mode: PinMode): void {
    if (mode === 'recursive') {
      this.direct.delete(cid);
      this.recursive.add(cid);
    } else {
      this.direct.add(cid);
    }
    this.#save();
  }

  remove(cid: string): void {
    this.recursive.delete(cid);
    this.direct.delete(cid);
    this.#save();
  }

  #save(): void {
    const data: PinFile = { recursive: [...this.recursive], direct: [...this.direct] };
    writeFileDurably(this.#file, `${JSON.stringify(data, null, 2)}\n`);
  }
}
