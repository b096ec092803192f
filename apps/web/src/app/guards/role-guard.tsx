import { Navigate, Outlet } from 'react-router';
import { useCan } from '../../lib/roles';
import type { ContextId } from '../../lib/runtime-config';

interface RoleGuardProps {
  context: ContextId;
  requiredRole: string;
  redirectTo: string;
}

/** Renders the nested routes only when the user holds `requiredRole` in `context`, else redirects. */
export function RoleGuard({ context, requiredRole, redirectTo }: RoleGuardProps) {
  const access = useCan();
  return access.can(context, requiredRole) ? <Outlet /> : <Navigate to={redirectTo} replace />;
}
