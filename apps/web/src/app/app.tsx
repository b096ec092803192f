import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { PlainSpinner } from '../components/plain/plain-spinner';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

/** The console around its router (made by `main.tsx` before the first render, `createAppRouter`). */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={<PlainSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
