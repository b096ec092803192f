/**
 * A part of a screen that is not on its first paint (a dialog, a form, a file reader), loaded
 * when first shown: its code and the translation namespaces it shows are fetched together (one
 * round trip, not the code and then each namespace as its components suspend in turn). A list
 * screen prefetches its parts once its rows are on screen and the browser is idle
 * (`usePrefetchWhenIdle`), so opening one stays instant without delaying the rows.
 *
 *   const NewInvoiceDialog = lazyPart(
 *     () => import('./new-invoice-dialog').then((module) => module.NewInvoiceDialog),
 *     ['invoiceForm', 'codeLists'],
 *   );
 */
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { i18n } from './i18n';

/** Anything that can fetch its code ahead of being shown. */
export interface Preloadable {
  preload: () => Promise<unknown>;
}

export type LazyPart<P extends object> = ((props: P) => JSX.Element) & Preloadable;

/** Shown over the page while a part's code arrives (only when it was not prefetched). */
function PartLoader() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Backdrop open invisible sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <CircularProgress aria-label={t('loading')} />
    </Backdrop>
  );
}

/**
 * How a part shows while its code arrives: a dialog over the page (`overlay`, the default: the
 * page stays as it was, clicks wait), or a panel of the page (`inline`: a spinner in its place).
 */
export type PartFallback = 'overlay' | 'inline';

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly string[] = [],
  fallback: PartFallback = 'overlay',
): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), i18n.loadNamespaces([...namespaces])]).then(
      ([component]) => ({ default: component }),
      (error: unknown) => {
        // A failed download (a new deployment, a dropped connection) may succeed next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // Its own boundary: a part that is loading never replaces the page around it.
  const Part = (props: P) => (
    <Suspense fallback={fallback === 'inline' ? <PageLoader minHeight={240} /> : <PartLoader />}>
      <Lazy {...props} />
    </Suspense>
  );
  return Object.assign(Part, { preload });
}

/** How long an idle callback may wait before it runs anyway. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Prefetches `parts` once `ready` (the screen's data is on screen) and the browser is idle, so
 * they never compete with what the first paint needs.
 */
export function usePrefetchWhenIdle(parts: readonly Preloadable[], ready: boolean): void {
  useEffect(() => {
    if (!ready || parts.length === 0) return;
    const run = () => {
      for (const part of parts) part.preload().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(run, 200);
    return () => window.clearTimeout(handle);
    // The parts are module-level constants; their identity never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
