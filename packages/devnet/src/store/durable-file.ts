import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Suffix of the temporary files the devnet writes before renaming them into place. */
export const TEMP_SUFFIX = '.tmp';

/** Flushes a folder's entries (a rename or a new file in it) to disk. */
export function syncDirectory(fileInside: string): void {
  let fd: number;
  try {
    fd = openSync(dirname(fileInside), 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems cannot sync a folder; the rename itself is still atomic.
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces a file so that a crash at any moment leaves either the old or the new content, and
 * returns only once the new content is on disk: write a temporary file, sync it, rename it over
 * the old one, sync the folder (see docs/devnet-durability.md). `mode` applies to a new file
 * (0o600 for keys).
 */
export function writeFileDurably(
  file: string,
  content: string | Uint8Array,
  { mode }: { mode?: number } = {},
): void {
  const temp = `${file}.${process.pid}${TEMP_SUFFIX}`;
  const fd = openSync(temp, 'w', mode);
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncDirectory(file);
}

/** The asynchronous form of writeFileDurably, for large content (the IPFS blocks). */
export async function writeFileDurablyAsync(
  file: string,
  content: Uint8Array,
  temp = `${file}.${process.pid}${TEMP_SUFFIX}`,
): Promise<void> {
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(content);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

/**
 * Removes the temporary files an interrupted write left in `dir` (and, with `depth`, in its
 * subfolders). Returns how many were removed.
 */
export function removeTempFiles(dir: string, depth = 0): number {
  let removed = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0) removed += removeTempFiles(path, depth - 1);
    } else if (entry.name.endsWith(TEMP_SUFFIX)) {
      rmSync(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
