import { describe, expect, it } from 'vitest';
import {
  dialFailureText,
  HOME_NOT_LISTENING_TEXT,
  HomeNotListeningError,
  NO_COMMON_MUXER_TEXT,
} from './home-call.ts';

/** An error as libp2p names it. */
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('dialFailureText', () => {
  it('names a home whose proxy offers no multiplexer this app speaks', () => {
    expect(
      dialFailureText(
        named(
          'MuxerUnavailableError',
          'UnsupportedProtocolError: Protocol selection failed - could not negotiate /yamux/1.0.0',
        ),
      ),
    ).toBe(NO_COMMON_MUXER_TEXT);
    // Several addresses dialled at once fail together.
    expect(
      dialFailureText(
        new AggregateError([
          named('ConnectionFailedError', 'connect ECONNREFUSED 127.0.0.1:9999'),
          named('Error', 'Protocol selection failed - could not negotiate /mplex/6.7.0'),
        ]),
      ),
    ).toBe(NO_COMMON_MUXER_TEXT);
  });

  it('says the home cannot be reached otherwise', () => {
    expect(dialFailureText(named('TimeoutError', 'The operation was aborted due to timeout'))).toBe(
      'The controller cannot be reached peer-to-peer.',
    );
    expect(dialFailureText(undefined)).toBe('The controller cannot be reached peer-to-peer.');
  });
});

describe('HomeNotListeningError', () => {
  it('tells the user in words and keeps what libp2p said', () => {
    const error = new HomeNotListeningError('could not negotiate /call');
    expect(error.message).toBe(HOME_NOT_LISTENING_TEXT);
    expect(error.detail).toBe('could not negotiate /call');
    expect(error).toBeInstanceOf(Error);
  });
});
