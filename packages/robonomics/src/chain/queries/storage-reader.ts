/**
 * Reads one storage value by its key (`state_getStorage`): the SCALE bytes as 0x-hex, or null
 * when there is none. Queries built on it need no metadata, so they can run over a connection
 * whose client is not ready yet (`ChainConnection.request`) as well as through a client.
 */
export type StorageReader = (key: `0x${string}`) => Promise<string | null>;

/** A reader over any JSON-RPC `send` (a connection's, or a client's `rpc`). */
export function storageReader(
  send: (method: 'state_getStorage', params: [string]) => Promise<unknown>,
): StorageReader {
  return async (key) => {
    const value = await send('state_getStorage', [key]);
    return typeof value === 'string' ? value : null;
  };
}
