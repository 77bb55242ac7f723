import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base58btc } from 'multiformats/bases/base58';
import { identity } from 'multiformats/hashes/identity';

export interface PeerIdentity {
  /** The libp2p peer id ("12D3KooW…"), as kubo's `id` shows it. */
  id: string;
  /** Base64 of the libp2p protobuf PublicKey, as kubo's `id` shows it. */
  publicKey: string;
}

/**
 * The node's ed25519 peer identity, generated once and kept in the repo (as kubo's config keeps
 * it), so `id` answers the same after a restart.
 */
export function loadPeerIdentity(dir: string): PeerIdentity {
  const file = join(dir, 'identity.pem');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(`${file}.tmp`, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    renameSync(`${file}.tmp`, file);
  }
  const publicKey = createPublicKey(createPrivateKey(readFileSync(file)));
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  // libp2p PublicKey protobuf: field 1 KeyType = Ed25519 (1), field 2 Data = the 32 key bytes.
  const protobuf = Buffer.concat([Buffer.from([0x08, 0x01, 0x12, raw.length]), raw]);
  // Keys this small are inlined with the identity multihash.
  const id = base58btc.baseEncode(identity.digest(protobuf).bytes);
  return { id, publicKey: protobuf.toString('base64') };
}
