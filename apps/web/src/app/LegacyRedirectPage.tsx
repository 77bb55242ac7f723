import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { appConfig } from '../lib/shell/config.ts';
import { legacyUrl } from './legacy-redirect.ts';

/** /v0/* sends the browser to the previous version of the app, keeping the route. */
export function LegacyRedirectPage() {
  const location = useLocation();
  const target = legacyUrl(appConfig.legacyAppUrl, location.pathname, location.search);
  useEffect(() => {
    window.location.replace(target);
  }, [target]);
  return (
    <section className="card">
      <h1>Opening the previous version</h1>
      <p>
        If nothing happens, <a href={target}>open the previous version of the app</a>.
      </p>
    </section>
  );
}
