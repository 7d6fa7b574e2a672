import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="page not-found">
      <title>Page not found · Loupe</title>
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">Page not found</h1>
      <p className="page-subtitle">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <p>
        Your dashboard has your counts, your KYC status and your key account manager.{' '}
        <Link className="btn btn-primary" to={paths.dashboard.href()}>
          Return home
        </Link>
      </p>
    </div>
  );
}
