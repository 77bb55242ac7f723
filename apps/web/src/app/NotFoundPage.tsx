import { Link, useLocation } from 'react-router';
import { routePaths } from '../lib/shell/route-table.ts';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="card stack">
      <h1>Page not found</h1>
      <p>
        There is no page at <code className="break">{location.pathname}</code> in this app.
      </p>
      <div className="row">
        <Link className="button primary" to={routePaths.dashboard}>
          Go to the dashboard
        </Link>
        <Link className="button" to={`/v0${location.pathname}${location.search}`}>
          Look for it in the previous version of the app
        </Link>
      </div>
    </section>
  );
}
