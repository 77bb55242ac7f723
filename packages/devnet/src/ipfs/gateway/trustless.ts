// The trustless gateway answers (docs/ipfs-gateways.md, "The devnet's gateways"), as kubo's
// gateway gives them: a raw block (`application/vnd.ipld.raw`) or a CARv1 of the blocks of an
// entity (`application/vnd.ipld.car`), asked for with `?format=` or `Accept`. With them a client
// checks every byte against the CID it asked for instead of trusting the gateway.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CarWriter } from '@ipld/car/writer';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { exporter } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { IpfsError, type IpfsPath, type IpfsRepo } from '../repo/repo.ts';

const RAW_TYPE = 'application/vnd.ipld.raw';
const CAR_TYPE = 'application/vnd.ipld.car';
const DAG_PB = 0x70;

/** What to send below the end of the path: that block, the UnixFS entity, or the whole DAG. */
export type DagScope = 'block' | 'entity' | 'all';

export type TrustlessRequest = { format: 'raw' } | { format: 'car'; scope: DagScope };

/** A trustless request the devnet cannot answer: 400 with the reason. */
class TrustlessRequestError extends Error {}

/**
 * The trustless format a request asks for, or null for the plain (deserialised) file. The
 * `format` query parameter wins over `Accept`, as the spec says.
 */
export function trustlessRequest(req: IncomingMessage, url: URL): TrustlessRequest | null {
  const format = url.searchParams.get('format');
  const accept = (req.headers.accept ?? '').split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    return { type: type.toLowerCase(), params };
  });
  let wanted: 'raw' | 'car' | null = null;
  if (format !== null) {
    if (format !== 'raw' && format !== 'car') {
      throw new TrustlessRequestError(`format "${format}" is not served by the devnet gateway`);
    }
    wanted = format;
  } else {
    wanted =
      accept
        .map(({ type }) => (type === RAW_TYPE ? 'raw' : type === CAR_TYPE ? 'car' : null))
        .find((f) => f !== null) ?? null;
  }
  if (wanted === null) return null;
  if (wanted === 'raw') return { format: 'raw' };
  const car = accept.find(({ type }) => type === CAR_TYPE);
  const version = car?.params.find((p) => p.startsWith('version='))?.slice('version='.length);
  if ((url.searchParams.get('car-version') ?? version ?? '1') !== '1') {
    throw new TrustlessRequestError('only CAR version 1 is served by the devnet gateway');
  }
  if (url.searchParams.has('entity-bytes')) {
    throw new TrustlessRequestError('entity-bytes is not served by the devnet gateway');
  }
  const scope = url.searchParams.get('dag-scope') ?? 'all';
  if (scope !== 'block' && scope !== 'entity' && scope !== 'all') {
    throw new TrustlessRequestError(`dag-scope "${scope}" is not one of block, entity, all`);
  }
  return { format: 'car', scope };
}

/** A block's key: its multihash (a CIDv0 and a CIDv1 of the same bytes are one block). */
const keyOf = (cid: CID) => Buffer.from(cid.multihash.bytes).toString('hex');

interface Decoded {
  links: dagPb.PBLink[];
  type: string | null;
  fanout: bigint | undefined;
}

function decode(cid: CID, bytes: Uint8Array): Decoded {
  if (cid.code !== DAG_PB) return { links: [], type: null, fanout: undefined };
  const node = dagPb.decode(bytes);
  let unixfs: UnixFS | null = null;
  try {
    unixfs = node.Data ? UnixFS.unmarshal(node.Data) : null;
  } catch {
    unixfs = null;
  }
  return { links: node.Links, type: unixfs?.type ?? null, fanout: unixfs?.fanout };
}

/**
 * The blocks of a CAR answer in walking order, each once: those needed to walk the path (found
 * by resolving it), then the end of the path's block and, by scope, the rest of the UnixFS
 * entity (a file's blocks; a folder's node and its shards, not its entries) or the whole DAG.
 * The path is resolved before anything is sent, so a missing root is a 404; a block missing
 * later ends the stream (the client sees an incomplete CAR).
 */
export async function carBlocks(
  repo: IpfsRepo,
  path: IpfsPath,
  scope: DagScope,
): Promise<{ walked: CID[]; rest: () => AsyncGenerator<{ cid: CID; bytes: Uint8Array }> }> {
  const walked: CID[] = [];
  const seen = new Set<string>();
  const recorder = {
    get: async function* (cid: CID) {
      const bytes = await repo.blocks.getBytes(cid);
      const key = keyOf(cid);
      if (!seen.has(key)) {
        seen.add(key);
        walked.push(cid);
      }
      yield bytes;
    },
  };
  const target = [path.cid.toString(), ...path.rest].join('/');
  let end: CID;
  try {
    end = (await exporter(target, recorder)).cid;
  } catch (error) {
    const err = error as Error & { code?: string };
    if (err.name === 'NotFoundError' || err.code === 'ERR_NOT_FOUND') {
      throw new IpfsError(err.message, { notFound: true });
    }
    throw new IpfsError(err.message);
  }
  // The exporter read the blocks on the path and the end's own block, in that order.
  const rest = async function* () {
    for (const cid of walked) yield { cid, bytes: await repo.blocks.getBytes(cid) };
    if (scope === 'block') return;
    const endBytes = await repo.blocks.getBytes(end);
    const first = decode(end, endBytes);
    const isFile = first.type === 'file' || first.type === 'raw';
    const isShard = first.type === 'hamt-sharded-directory';
    // A folder's entity is its node (and a sharded one's shards); non-UnixFS data is its block.
    if (scope === 'entity' && !isFile && !isShard) return;
    const prefix = isShard ? (Number(first.fanout ?? 256n) - 1).toString(16).length : 0;
    const follow = (link: dagPb.PBLink) =>
      scope === 'all' || isFile || (link.Name ?? '').length === prefix;
    const stack = [...first.links.filter(follow)].reverse();
    while (stack.length > 0) {
      const link = stack.pop()!;
      const key = keyOf(link.Hash);
      if (seen.has(key)) continue;
      seen.add(key);
      const bytes = await repo.blocks.getBytes(link.Hash);
      yield { cid: link.Hash, bytes };
      stack.push(...decode(link.Hash, bytes).links.filter(follow).reverse());
    }
  };
  return { walked, rest };
}

const IMMUTABLE = 'public, max-age=29030400, immutable';

/** Answers a trustless request for a path the gateway has parsed. */
export async function serveTrustless(
  req: IncomingMessage,
  res: ServerResponse,
  repo: IpfsRepo,
  path: IpfsPath,
  requestPath: string,
  request: TrustlessRequest,
): Promise<void> {
  const headers: Record<string, string | number> = {
    'cache-control': IMMUTABLE,
    'x-content-type-options': 'nosniff',
    'x-ipfs-path': requestPath,
    'x-ipfs-roots': path.cid.toString(),
  };
  if (request.format === 'raw') {
    // The block at the end of the path (a path is resolved first, as kubo does).
    const { cid } = await repo.resolve(path);
    const bytes = await repo.blocks.getBytes(cid).catch((error: Error) => {
      throw new IpfsError(error.message, { notFound: true });
    });
    const etag = `"${cid}.raw"`;
    Object.assign(headers, {
      etag,
      'content-type': RAW_TYPE,
      'content-disposition': `attachment; filename="${cid}.bin"`,
      'content-length': bytes.length,
    });
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return;
  }
  const { rest } = await carBlocks(repo, path, request.scope);
  const etag = `W/"${path.cid}.car.${request.scope}.dfs.n"`;
  Object.assign(headers, {
    etag,
    'content-type': `${CAR_TYPE}; version=1; order=dfs; dups=n`,
    'content-disposition': `attachment; filename="${path.cid}.car"`,
  });
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const { writer, out } = CarWriter.create([path.cid]);
  const piping = (async () => {
    for await (const chunk of out) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
  })();
  try {
    for await (const block of rest()) await writer.put(block);
  } catch (error) {
    // Committed to 200: a block missing half-way ends the stream, which the client must notice.
    res.destroy(error as Error);
    return;
  }
  await writer.close();
  await piping;
  res.end();
}
