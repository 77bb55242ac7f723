import { WebSocket } from 'ws';

/**
 * What dev_upgradeRuntime takes: the next spec version (default: one up), new constants and the
 * calls the new runtime lacks.
 */
export interface UpgradeRequest {
  specVersion?: number;
  /** `{ RWS: { MinimalBid: 2000000000 } }`: whole numbers, decimal strings or SCALE hex. */
  constants?: Record<string, Record<string, number | string>>;
  /** `['RWS.transfer']`: calls the new runtime does not have (an upgrade without it has all). */
  withoutCalls?: string[];
}

/**
 * Upgrades the devnet chain's runtime through dev_upgradeRuntime (for tests and the CLI):
 * resolves with the new spec version and the hash of the block that applied it.
 */
export async function upgradeRuntime(
  url: string,
  request: UpgradeRequest = {},
): Promise<{ specVersion: number; blockHash: string }> {
  const socket = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const reply = await new Promise<{
      result?: { specVersion: number; blockHash: string };
      error?: { message: string; data?: unknown };
    }>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(data.toString())));
      socket.once('close', () => reject(new Error('the node closed the connection')));
      socket.send(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'dev_upgradeRuntime', params: [request] }),
      );
    });
    if (!reply.result) {
      const why = reply.error?.data ?? reply.error?.message ?? 'no answer';
      throw new Error(`the runtime upgrade was refused: ${why}`);
    }
    return reply.result;
  } finally {
    socket.close();
  }
}

/** Parses `Pallet.Constant=value` arguments into the constants of an upgrade request. */
export function parseConstantArguments(args: string[]): UpgradeRequest['constants'] {
  const constants: Record<string, Record<string, string>> = {};
  for (const arg of args) {
    const match = arg.match(/^([A-Za-z]\w*)\.([A-Za-z]\w*)=(\d+|0x[0-9a-fA-F]*)$/);
    if (!match) throw new Error(`expected Pallet.Constant=value, got "${arg}"`);
    const [, pallet, name, value] = match as unknown as [string, string, string, string];
    constants[pallet] = { ...constants[pallet], [name]: value };
  }
  return constants;
}
