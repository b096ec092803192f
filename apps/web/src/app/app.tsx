import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { PageLoader } from '../components/page-loader';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={<PageLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
