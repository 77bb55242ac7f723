/**
 * What can become of a command sent to a home peer-to-peer (see docs/libp2p.md, "When the home
 * does not listen"). The home's proxy answers `/call` only while its Home Assistant listens to
 * it: when the proxy refuses the protocol, or never answers, the command did not reach the home
 * and must go another way.
 */

export const HOME_NOT_LISTENING_TEXT =
  'Your home is not listening peer-to-peer: its Home Assistant is not connected to its libp2p proxy.';

export class HomeNotListeningError extends Error {
  override readonly name = 'HomeNotListeningError';
  constructor(readonly detail: string) {
    super(HOME_NOT_LISTENING_TEXT);
  }
}

/** Said when a home's proxy offers no stream multiplexer the app speaks. */
export const NO_COMMON_MUXER_TEXT =
  "Your home's libp2p proxy offers no stream multiplexer this app speaks (yamux or mplex).";

/** The words for a failed dial of a home: the multiplexer case named, otherwise unreachable. */
export function dialFailureText(error: unknown): string {
  const errors =
    error instanceof AggregateError ? error.errors : error === undefined ? [] : [error];
  const muxer = errors.some((e) => {
    const { name, message } = (e ?? {}) as { name?: string; message?: string };
    return (
      name === 'MuxerUnavailableError' || /could not negotiate \/(yamux|mplex)/.test(message ?? '')
    );
  });
  return muxer ? NO_COMMON_MUXER_TEXT : 'The controller cannot be reached peer-to-peer.';
}
