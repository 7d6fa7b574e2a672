import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useToken } from '../lib/auth-token';

/**
 * Visitors without a token go to the login page, which brings them back afterwards. A session
 * that ends here (a logout) goes to the login page without that return address, so the next
 * login lands on the dashboard.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const hadSession = useRef(token !== null);
  if (!token) {
    const state = hadSession.current ? undefined : { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login.href()} replace state={state} />;
  }
  return children;
}
