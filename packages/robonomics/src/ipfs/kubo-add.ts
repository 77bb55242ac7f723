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
  const text = await response.text();
  if (response.status === 401) throw new Error('The IPFS node refused the authorization.');
  if (!response.ok) throw new Error(`The IPFS node refused the file (HTTP ${response.status}).`);
  // kubo answers one JSON line per added file.
  const first = text.trim().split('\n')[0] ?? '';
  const hash = (JSON.parse(first) as { Hash?: unknown }).Hash;
  if (typeof hash !== 'string') throw new Error('The IPFS node gave no CID.');
  return hash;
}
