/** Files bigger than this are not read: telemetry with a day of history stays far below. */
export const MAX_IPFS_FILE_BYTES = 20 * 1024 * 1024;

export class IpfsFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpfsFetchError';
  }
}

/**
 * Reads a file as text from an IPFS gateway (GET <gateway>/ipfs/<cid>). Errors use the spec's
 * words: 'File not available' when the gateway cannot serve it, '<cid> not found in ipfs' when
 * the file is empty.
 */
export async function fetchIpfsText(
  gateway: string,
  cid: string,
  { timeoutMs = 30_000, fetcher = fetch }: { timeoutMs?: number; fetcher?: typeof fetch } = {},
): Promise<string> {
  const url = `${gateway.replace(/\/+$/, '').replace(/\/ipfs$/, '')}/ipfs/${cid}`;
  let response: Response;
  try {
    response = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new IpfsFetchError('File not available');
  }
  if (!response.ok) throw new IpfsFetchError('File not available');
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_IPFS_FILE_BYTES) throw new IpfsFetchError('File not available');
  const text = await response.text().catch(() => '');
  if (text.length > MAX_IPFS_FILE_BYTES) throw new IpfsFetchError('File not available');
  if (!text) throw new IpfsFetchError(`${cid} not found in ipfs`);
  return text;
}
