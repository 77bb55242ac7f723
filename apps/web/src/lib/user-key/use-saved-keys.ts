import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteSealedKey, listSealedUsers, watchSealedKeys } from './sealed-key-db.ts';

/**
 * The users whose keys are kept on this device (null until read, or when the browser keeps none),
 * kept current across tabs: a key saved or forgotten in any tab updates every tab at once. A plain
 * hook: the header is part of the shell, which loads no query cache (docs/first-data.md, Weight).
 */
export function useSavedKeys(): { users: string[] | null; forget(user: string): Promise<void> } {
  const [users, setUsers] = useState<string[] | null>(null);
  // Only the newest read is shown: reads started by quick changes may answer out of order.
  const reads = useRef(0);
  const read = useCallback(async () => {
    const turn = ++reads.current;
    const list = await listSealedUsers().then(
      (found) => found.sort(),
      () => null,
    );
    if (turn === reads.current) setUsers(list);
  }, []);
  useEffect(() => {
    void read();
    const stop = watchSealedKeys(() => void read());
    return () => {
      // Answers of reads still under way are dropped.
      reads.current++;
      stop();
    };
  }, [read]);
  return {
    users,
    forget: async (user) => {
      await deleteSealedKey(user);
      await read();
    },
  };
}
