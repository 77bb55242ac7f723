import { BodyTooLargeError, readBoundedText, sizeText } from '../http/bounded-body.ts';

/**
 * The most of kubo's answer to an `add` that is read: one line per added file,
 * `{"Name":"file","Hash":"Qm…","Size":"…"}`, about 100 bytes for the one file sent here.
 */
const MAX_ADD_ANSWER_BYTES = 64 * 1024;

/**
 * Adds one file through a kubo RPC API (POST /api/v0/add), with the web3 auth headers when the
 * node asks for them, and returns its CID (CIDv0 with kubo's defaults).
 */
export async function addToIpfs(
  apiUrl: string,
  content: string | Uint8Array,
  headers: Record<string, string> = {},
  { fetcher = fetch, timeoutMs = 30_000 }: { fetcher?: typeof fetch; timeoutMs?: number } = {},
): Promise<string> {
  const form = new FormData();
  const part = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append('file', new Blob([part as BlobPart]), 'file');
  const url = `${apiUrl.replace(/\/+$/, '')}/api/v0/add?cid-version=0&pin=true`;
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new Error('The IPFS node cannot be reached.');
  }
  if (!response.ok) {
    // A refusal's body says nothing the status does not.
    await response.body?.cancel().catch(() => {});
    if (response.status === 401) throw new Error('The IPFS node refused the authorization.');
    throw new Error(`The IPFS node refused the file (HTTP ${response.status}).`);
  }
  let text: string;
  try {
    text = await readBoundedText(response, MAX_ADD_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new Error(
        `The IPFS node sent too much: its answer to the upload is larger than ${sizeText(MAX_ADD_ANSWER_BYTES)}, where a CID takes one short line. It was not read.`,
      );
    }
    throw new Error('The IPFS node did not finish its answer.');
  }
  // kubo answers one JSON line per added file.
  const first = text.trim().split('\n')[0] ?? '';
  let hash: unknown;
  try {
    hash = (JSON.parse(first) as { Hash?: unknown } | null)?.Hash;
  } catch {
    hash = undefined;
  }
  if (typeof hash !== 'string') throw new Error('The IPFS node gave no CID.');
  return hash;
}
