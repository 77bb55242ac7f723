/** A JSON-RPC answer. */
export type Reply = { jsonrpc: '2.0'; id: unknown } & (
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
);

export const errorReply = (id: unknown, code: number, message: string, data?: unknown): Reply => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** The bounds a frame is checked against (the server's limits). */
export interface FrameLimits {
  /** Frames above this size may carry one large parameter, not thousands of values. */
  largeFrameBytes: number;
  /** Requests in one batch. */
  maxBatchLength: number;
}

/** Structural characters a large frame may contain (a request with a few parameters). */
const LARGE_FRAME_STRUCTURE = 64;
/** A batch yields to other work after this much time, so one batch cannot stall the server. */
const BATCH_SLICE_MS = 10;

/** How many of `bytes` are `{`, `[` or `,`, counting no further than `limit + 1`. */
function structureCount(data: Buffer, limit: number): number {
  let count = 0;
  for (const char of [0x7b, 0x5b, 0x2c]) {
    let at = data.indexOf(char);
    while (at !== -1) {
      count += 1;
      if (count > limit) return count;
      at = data.indexOf(char, at + 1);
    }
  }
  return count;
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses and answers one frame (a request or a batch) with `answer` for each request; null when
 * nothing is to be sent back (a notification, or a batch of them). Large frames and long batches
 * are worked through in steps, letting other clients in between.
 */
export async function answerFrame(
  data: Buffer,
  limits: FrameLimits,
  answer: (request: unknown) => Promise<Reply | null>,
): Promise<string | null> {
  if (
    data.length > limits.largeFrameBytes &&
    structureCount(data, LARGE_FRAME_STRUCTURE) > LARGE_FRAME_STRUCTURE
  ) {
    return JSON.stringify(
      errorReply(
        null,
        -32600,
        'Invalid request',
        `a request over ${limits.largeFrameBytes} bytes may carry one large parameter, not many values`,
      ),
    );
  }
  const large = data.length > limits.largeFrameBytes;
  if (large) await yieldToOthers();
  const text = data.toString('utf8');
  if (large) await yieldToOthers();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return JSON.stringify(errorReply(null, -32700, 'Parse error'));
  }
  if (large) await yieldToOthers();
  if (!Array.isArray(parsed)) {
    const reply = await answer(parsed);
    return reply ? JSON.stringify(reply) : null;
  }
  if (parsed.length === 0) return JSON.stringify(errorReply(null, -32600, 'Invalid request'));
  if (parsed.length > limits.maxBatchLength) {
    return JSON.stringify(
      errorReply(
        null,
        -32010,
        'The batch request was too large',
        `Exceeded max limit of ${limits.maxBatchLength}`,
      ),
    );
  }
  const replies: Reply[] = [];
  let slice = performance.now();
  for (const request of parsed) {
    const reply = await answer(request);
    if (reply) replies.push(reply);
    if (performance.now() - slice > BATCH_SLICE_MS) {
      await yieldToOthers();
      slice = performance.now();
    }
  }
  // A batch of notifications only gets no answer at all.
  return replies.length > 0 ? JSON.stringify(replies) : null;
}
