import type { EarlySocket } from '@robonomics-dapp/robonomics/chain/early-socket';

/**
 * How the page's first script (early-reads.ts, built on its own) hands its socket to the app: a
 * global both read, set at most once per page.
 */
declare global {
  var __robonomicsEarlySocket: EarlySocket | undefined;
}

export function leaveEarlySocket(socket: EarlySocket): void {
  globalThis.__robonomicsEarlySocket = socket;
}

/** The early socket, once: whoever takes it closes it when done. */
export function takeEarlySocket(): EarlySocket | undefined {
  const socket = globalThis.__robonomicsEarlySocket;
  globalThis.__robonomicsEarlySocket = undefined;
  return socket;
}
