import { BodyTooLargeError, readBoundedJson } from '../../../http/bounded-body.ts';
import { type RpcSend, requestKey } from '../rpc-socket.ts';
import { firstReadRequests } from './requests.ts';

/**
 * The first reads started by the app's service worker the moment a navigation reaches it, before
 * the page exists (docs/first-data.md, "The service worker's head start"): the page's first
 * script asks the worker for their answers and takes, for each read, whichever comes first of
 * these and its own socket's.
 */

/** A first read as it was answered: the result, or the error's text. */
export interface FirstReadAnswer {
  method: string;
  params: unknown[];
  result?: unknown;
  error?: string;
}

/** The worker's answers for one navigation, for the endpoint it read from. */
export interface WorkerFirstReads {
  endpoint: string;
  answers: FirstReadAnswer[];
}

/** The page tells the worker which endpoint its first reads go to (the usual one). */
export const FIRST_READS_ENDPOINT = 'first-reads-endpoint';
/** The page's first script asks for its navigation's answers, with a port for the reply. */
export const FIRST_READS_ASK = 'first-reads-ask';

export interface FirstReadsEndpointMessage {
  type: typeof FIRST_READS_ENDPOINT;
  endpoint: string;
}

/** Whether a message tells the endpoint of the first reads (a ws: or wss: address). */
export function isFirstReadsEndpointMessage(value: unknown): value is FirstReadsEndpointMessage {
  const message = value as Partial<FirstReadsEndpointMessage> | null;
  return (
    message?.type === FIRST_READS_ENDPOINT &&
    typeof message.endpoint === 'string' &&
    /^wss?:\/\/\S+$/.test(message.endpoint)
  );
}

/** Whether a reply is the worker's answers, as readFirstAnswers gives them. */
export function isWorkerFirstReads(value: unknown): value is WorkerFirstReads {
  const reads = value as Partial<WorkerFirstReads> | null;
  return (
    typeof reads?.endpoint === 'string' &&
    Array.isArray(reads.answers) &&
    reads.answers.every(
      (answer: Partial<FirstReadAnswer> | null) =>
        typeof answer?.method === 'string' && Array.isArray(answer.params),
    )
  );
}

/**
 * The HTTP address of a node's JSON-RPC endpoint: Substrate nodes answer JSON-RPC over HTTP POST
 * on the same address and port as their WebSocket (docs/first-data.md).
 */
export function httpAddressOf(endpoint: string): string {
  return endpoint.replace(/^ws(s?):\/\//i, (_, secure: string) => `http${secure}://`);
}

/**
 * The most the worker reads of the node's answer to the first reads: a few storage values and
 * block headers take some kilobytes; a node that sends more is not read to its end.
 */
const MAX_FIRST_ANSWERS_BYTES = 1024 * 1024;

/**
 * Sends the first reads that need nothing kept (not the metadata) in one JSON-RPC batch over
 * HTTP, not a WebSocket: browsers open one WebSocket to a host at a time, and a socket of the
 * worker's would hold the page's own back by a handshake. A read that fails (or the whole batch:
 * no answer in time, a node that refuses HTTP or this origin) carries its error's text. Never
 * rejects.
 */
export async function readFirstAnswers(
  endpoint: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<WorkerFirstReads> {
  const { fetch: post = globalThis.fetch, timeoutMs = 10_000 } = options;
  const requests = firstReadRequests(false).map(([method, params], index) => ({
    jsonrpc: '2.0',
    id: index + 1,
    method,
    params: [...params],
  }));
  const failed = (error: string) => ({
    endpoint,
    answers: requests.map(({ method, params }) => ({ method, params, error })),
  });
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  try {
    const response = await post(httpAddressOf(endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requests),
      credentials: 'omit',
      signal: timeout.signal,
    });
    if (!response.ok) return failed(`The node answered HTTP ${response.status}.`);
    let replies: unknown;
    try {
      replies = await readBoundedJson(response, MAX_FIRST_ANSWERS_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return failed('The node answered too much.');
      throw error;
    }
    if (!Array.isArray(replies)) return failed('The node did not answer the reads.');
    const byId = new Map<unknown, { result?: unknown; error?: { message?: unknown } }>(
      replies.map((reply) => [reply?.id, reply]),
    );
    return {
      endpoint,
      answers: requests.map(({ id, method, params }): FirstReadAnswer => {
        const reply = byId.get(id);
        if (!reply) return { method, params, error: 'The node did not answer this read.' };
        if (reply.error)
          return { method, params, error: String(reply.error.message ?? 'RPC error') };
        return { method, params, result: reply.result ?? null };
      }),
    };
  } catch {
    return failed(
      timeout.signal.aborted
        ? 'The node did not answer in time.'
        : 'The node could not be reached.',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `send` with the worker's answers beside it: a request the worker answered for `endpoint` is
 * answered by whichever comes first, the worker's result or `send`'s (a failure on one side waits
 * for the other); anything else goes to `send` alone. `send` is asked in every case, so its socket
 * hands out the answers it holds as before.
 */
export function withWorkerAnswers(
  send: RpcSend,
  endpoint: string,
  reads: Promise<WorkerFirstReads | null>,
): RpcSend {
  const byRequest = reads.then((found) => {
    const answers = new Map<string, FirstReadAnswer>();
    if (found?.endpoint !== endpoint) return answers;
    for (const answer of found.answers)
      answers.set(requestKey(answer.method, answer.params), answer);
    return answers;
  });
  const asked = new Set<string>();
  return (method, params) => {
    const own = send(method, params);
    const key = requestKey(method, params);
    // Each answer serves one request, as the socket's own do.
    if (asked.has(key)) return own;
    asked.add(key);
    const worker = byRequest.then((answers) => {
      const answer = answers.get(key);
      if (!answer || answer.error !== undefined) throw new Error('No answer from the worker.');
      return answer.result;
    });
    return Promise.any([own, worker]).catch(() => own);
  };
}
