import { useCallback, useEffect, useState } from 'react';
import {
  type ConnectionChoice,
  readConnectionChoice,
  writeConnectionChoice,
} from '../commands/connection-choice.ts';

/**
 * How the page reaches the setup's home, as its user chose it (peer-to-peer or the parachain,
 * remembered per setup), and `reconnect`, which remembers a new choice and makes a new attempt.
 */
export function useConnectionRequest(owner: string | null) {
  const [request, setRequest] = useState<{ type: ConnectionChoice; attempt: number }>(() => ({
    type: readConnectionChoice(owner),
    attempt: 0,
  }));
  // Another setup: its own connection choice.
  useEffect(() => setRequest({ type: readConnectionChoice(owner), attempt: 0 }), [owner]);
  const reconnect = useCallback(
    (type: ConnectionChoice) => {
      if (owner) writeConnectionChoice(owner, type);
      setRequest((r) => ({ type, attempt: r.attempt + 1 }));
    },
    [owner],
  );
  return { request, reconnect };
}
