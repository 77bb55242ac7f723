import type { KeptRuntime } from '../../metadata/cache.ts';
import { type MinimalWebSocket, openRpcSocket, type RpcSend } from '../rpc-socket.ts';
import { markFirstData } from './marks.ts';
import { type FirstData, readFirstData } from './read.ts';
import { firstReadRequests } from './requests.ts';
import { type WorkerFirstReads, withWorkerAnswers } from './worker-reads.ts';

type Hex = `0x${string}`;

/**
 * The largest message the first reads take: their largest answer is the runtime's metadata
 * (176,522 bytes for Robonomics' runtime, about 0.35 MB as hex in JSON), and a polkadot-sdk node
 * sends no message over 10 MB (of 1024² bytes) unless its operator raised
 * `--rpc-max-response-size`.
 */
const FIRST_READS_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * The first reads under way on a socket of their own (docs/first-data.md): the page's first
 * script starts them before the app's modules have arrived, the chain connection takes them over.
 */
export interface FirstDataRead {
  readonly endpoint: string;
  /** What was kept for the endpoint from an earlier visit, as the reads used it. */
  readonly kept: KeptRuntime | undefined;
  /** Everything known so far; null until the node is checked. */
  latest(): FirstData | null;
  /** Calls `listener` with each new value, and at once with the latest if there is one. */
  watch(listener: (data: FirstData) => void): () => void;
  /**
   * Settles once the reads are done, with the metadata they downloaded (keyed as dedot's
   * `metadata` option), if any; never rejects.
   */
  readonly done: Promise<Record<string, Hex> | undefined>;
  /**
   * Another request on the reads' socket while it is open (rejects once it is closed): for reads
   * that need no metadata before the client's own socket is open (ChainConnection.request).
   */
  send: RpcSend;
  /**
   * Calls `listener` once if the socket, having opened, is dropped by the node or the network
   * (not by `close()`), at once if it was dropped already; returns a function that stops
   * listening.
   */
  onDrop(listener: () => void): () => void;
  /** Closes the socket: reads still waiting end with what is known. */
  close(): void;
}

export interface StartFirstDataOptions {
  endpoint: string;
  kept?: KeptRuntime;
  /** The build's own devnet endpoints (see identifyNetwork). */
  devnetEndpoints?: readonly string[];
  /** The socket's WebSocket: the browser's by default, `ws` in Node. */
  createSocket?: (endpoint: string) => MinimalWebSocket;
  /**
   * Keep the socket open once the reads are done, for the app's own reads until it closes it
   * (the socket's timeout closes it in any case).
   */
  keepOpen?: boolean;
  /**
   * The answers of the same reads the service worker started with the navigation (null when it
   * did not): each read takes whichever answer comes first (worker-reads.ts).
   */
  workerReads?: Promise<WorkerFirstReads | null>;
}

/**
 * Opens a socket to `endpoint`, sends the first reads the moment it opens (the metadata only when
 * none is kept) and reads their answers as they arrive; the socket is closed once they are in.
 */
export function startFirstData({
  endpoint,
  kept,
  devnetEndpoints,
  createSocket,
  keepOpen = false,
  workerReads,
}: StartFirstDataOptions): FirstDataRead {
  const dropListeners = new Set<() => void>();
  let dropped = false;
  const socket = openRpcSocket(endpoint, {
    requests: firstReadRequests(!kept),
    onOpen: () => markFirstData('socket-open'),
    onDrop: () => {
      dropped = true;
      for (const listener of [...dropListeners]) listener();
    },
    maxMessageBytes: FIRST_READS_MAX_MESSAGE_BYTES,
    createSocket,
  });
  let latest: FirstData | null = null;
  const listeners = new Set<(data: FirstData) => void>();
  const done = readFirstData({
    endpoint,
    send: workerReads ? withWorkerAnswers(socket.send, endpoint, workerReads) : socket.send,
    kept,
    devnetEndpoints,
    onData: (data) => {
      latest = data;
      for (const listener of [...listeners]) listener(data);
    },
  }).finally(() => {
    if (!keepOpen) socket.close();
  });
  return {
    endpoint,
    kept,
    latest: () => latest,
    watch(listener) {
      listeners.add(listener);
      if (latest) listener(latest);
      return () => listeners.delete(listener);
    },
    done,
    send: socket.send,
    onDrop(listener) {
      if (dropped) {
        listener();
        return () => {};
      }
      dropListeners.add(listener);
      return () => dropListeners.delete(listener);
    },
    close: () => socket.close(),
  };
}
