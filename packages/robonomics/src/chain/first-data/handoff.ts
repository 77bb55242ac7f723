import type { RpcSocket } from '../rpc-socket.ts';

/**
 * How the page's first script (built on its own, see docs/first-data.md) hands the socket it
 * opened to the app: a global both read, set at most once per page.
 */
declare global {
  var __robonomicsFirstDataSocket: RpcSocket | undefined;
}

export function leaveFirstDataSocket(socket: RpcSocket): void {
  globalThis.__robonomicsFirstDataSocket = socket;
}

/** The page's first-data socket, once: whoever takes it closes it when done. */
export function takeFirstDataSocket(): RpcSocket | undefined {
  const socket = globalThis.__robonomicsFirstDataSocket;
  globalThis.__robonomicsFirstDataSocket = undefined;
  return socket;
}
