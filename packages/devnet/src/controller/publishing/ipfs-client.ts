import type { KeyPair } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { isCidV0 } from '@robonomics-dapp/robonomics/ipfs/cid';

/** Launch files are tiny; telemetry with a day of history stays far below this. */
export const MAX_CAT_BYTES = 16 * 1024 * 1024;

export class IpfsClientError extends Error {
  override readonly name = 'IpfsClientError';
  /** HTTP status, when the node answered. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/**
 * The controller's client of the kubo RPC API behind the robonomics web3 auth (docs/web3-auth.md):
 * `Authorization: Basic base64("sub-<controller>:0x<signature of the address>")` and
 * `robonomics: <subscription owner>`. Files are added as CIDv0 so their digest fits an H256.
 */
export class IpfsClient {
  private readonly auth;

  constructor(
    private readonly apiUrl: string,
    account: KeyPair,
    private readonly timeoutMs = 30_000,
  ) {
    this.auth = web3AuthFromPair(account, 32);
  }

  private headers(owner: string): Record<string, string> {
    return web3AuthHeaders(this.auth, owner);
  }

  private async post(path: string, owner: string, body?: FormData): Promise<Response> {
    const url = `${this.apiUrl.replace(/\/+$/, '')}/api/v0/${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: this.headers(owner),
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new IpfsClientError(
        `The IPFS API at ${this.apiUrl} cannot be reached: ${(error as Error).message}`,
      );
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new IpfsClientError(
        `The IPFS API refused ${path.split('?')[0]} (HTTP ${response.status}): ${text.trim().slice(0, 300)}`,
        response.status,
      );
    }
    return response;
  }

  /** Adds one file (pinned, CIDv0) and returns its CID. */
  async add(content: string | Uint8Array, owner: string, name = 'file'): Promise<string> {
    const form = new FormData();
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    form.append('file', new Blob([bytes as BlobPart]), name);
    const response = await this.post('add?cid-version=0&pin=true', owner, form);
    const first = (await response.text()).trim().split('\n')[0] ?? '';
    let hash: unknown;
    try {
      hash = (JSON.parse(first) as { Hash?: unknown }).Hash;
    } catch {
      throw new IpfsClientError('The IPFS API answered add with something that is not JSON.');
    }
    if (typeof hash !== 'string' || !isCidV0(hash)) {
      throw new IpfsClientError(`The IPFS API gave no CIDv0 for the file (got ${String(hash)}).`);
    }
    return hash;
  }

  /** Reads a file (bounded in size). */
  async cat(cid: string, owner: string, maxBytes = MAX_CAT_BYTES): Promise<Uint8Array> {
    const response = await this.post(
      `cat?arg=${encodeURIComponent(cid)}&length=${maxBytes + 1}`,
      owner,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxBytes)
      throw new IpfsClientError(`${cid} is larger than ${maxBytes} bytes.`);
    return bytes;
  }
}
