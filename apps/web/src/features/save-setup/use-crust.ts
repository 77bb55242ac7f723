import type { CrustClient } from '@robonomics-dapp/robonomics/crust/client';
import { useEffect, useState } from 'react';
import { appConfig } from '../../app/config.ts';

/** A connection to the Crust chain while the page is open; null until connected. */
export function useCrust(): { client: CrustClient | null; error: string | null } {
  const [state, setState] = useState<{ client: CrustClient | null; error: string | null }>({
    client: null,
    error: null,
  });
  useEffect(() => {
    let active = true;
    let client: CrustClient | null = null;
    import('@robonomics-dapp/robonomics/crust/client')
      .then(({ connectCrust }) => connectCrust(appConfig.crustEndpoint))
      .then(
        (c) => {
          client = c;
          if (active) setState({ client: c, error: null });
          else void c.disconnect();
        },
        () => active && setState({ client: null, error: 'The Crust network cannot be reached.' }),
      );
    return () => {
      active = false;
      void client?.disconnect().catch(() => {});
    };
  }, []);
  return state;
}
