import { Navigate, Outlet } from 'react-router';
import { useCan } from '../../lib/roles';
import type { ScreenGuard } from '../../lib/screens';

/** Renders the nested routes when the screen's rule lets the user in, else redirects. */
export function RoleGuard({ guard }: { guard: ScreenGuard }) {
  const redirectTo = guard(useCan());
  return redirectTo === null ? <Outlet /> : <Navigate to={redirectTo} replace />;
}
