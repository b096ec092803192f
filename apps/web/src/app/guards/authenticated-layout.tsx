import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/auth';
import { useCan } from '../../lib/roles';
import { DatePickersProvider } from '../date-pickers-provider';
import { AppShell } from '../shell/app-shell';
import { ToastsProvider } from '../toasts-provider';

/**
 * Gate of every main route (spec 2.1): no session → login (coming back here afterwards); no usable
 * context → /no-services; otherwise the shell around the page.
 */
export default function AuthenticatedLayout() {
  const session = useSession();
  const access = useCan();
  const location = useLocation();
  if (!session) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    const query = back === '/' ? '' : `?redirect_to=${encodeURIComponent(back)}`;
    return <Navigate to={`/login${query}`} replace />;
  }
  if (access.availableContexts.length === 0) return <Navigate to="/no-services" replace />;
  return (
    <DatePickersProvider>
      <ToastsProvider>
        <AppShell />
      </ToastsProvider>
    </DatePickersProvider>
  );
}
