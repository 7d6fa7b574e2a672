import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useToken } from '../lib/auth-token';

/** Visitors without a token go to the login page, which brings them back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    return <Navigate to="/v2/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}
