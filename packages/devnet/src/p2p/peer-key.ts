import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  generateKeyPair,
  generateKeyPairFromSeed,
  privateKeyFromProtobuf,
  privateKeyToProtobuf,
} from '@libp2p/crypto/keys';
import { writeFileDurably } from '../store/durable-file.ts';

/** A libp2p private key (typed from @libp2p/crypto, a declared dependency). */
export type PrivateKey = ReturnType<typeof privateKeyFromProtobuf>;

/** Mixed with the home controller's seed to make the proxy's first libp2p key (never used as is). */
const DERIVATION_LABEL = 'robonomics devnet controller libp2p key';

/**
 * The home proxy's libp2p identity: an ed25519 key kept in `file` as the proxy keeps its
 * peerIdJson.json, `{"privKey": "<base64 of the protobuf private key>"}` (docs/devnet.md), so the
 * peer id survives restarts. A fresh folder gets a key derived from `firstKey`, a controller's
 * seed, so the seeded devnet always has the same peer id (its mnemonic is public anyway); or, with
 * 'random', a fresh random key, as a newly installed proxy makes.
 */
export async function loadPeerKey(
  file: string,
  firstKey: Uint8Array | 'random',
): Promise<PrivateKey> {
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { privKey?: unknown };
    if (typeof json.privKey !== 'string') throw new Error(`${file} has no "privKey".`);
    const key = privateKeyFromProtobuf(Buffer.from(json.privKey, 'base64'));
    if (key.type !== 'Ed25519') throw new Error(`${file} does not hold an Ed25519 key.`);
    return key;
  }
  if (firstKey === 'random') return newPeerKey(file);
  const seed = createHash('sha256').update(DERIVATION_LABEL).update(firstKey).digest();
  const key = await generateKeyPairFromSeed('Ed25519', new Uint8Array(seed));
  savePeerKey(file, key);
  return key;
}

/** A fresh random identity in place of the kept one, as a reinstalled proxy gets. */
export async function newPeerKey(file: string): Promise<PrivateKey> {
  const key = await generateKeyPair('Ed25519');
  savePeerKey(file, key);
  return key;
}

function savePeerKey(file: string, key: PrivateKey): void {
  mkdirSync(dirname(file), { recursive: true });
  const text = JSON.stringify({
    privKey: Buffer.from(privateKeyToProtobuf(key)).toString('base64'),
  });
  // The peer id is announced as soon as the proxy runs: the key must be on disk first.
  writeFileDurably(file, text, { mode: 0o600 });
}
