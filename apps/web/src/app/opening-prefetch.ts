/**
 * The first import of `main.tsx`: starts the first API call of the screen the console opens on
 * before the rest of the entry (React DOM, MUI, the router) is evaluated, some 600 ms on a warm
 * cache and a shared 2-core machine. It needs the configuration the API inlines into index.html;
 * without it (the dev server fetches /config.json) the route's loader makes the same call later.
 * The route's loader asks again; the query cache answers it from this call.
 */
import { matchPath } from 'react-router';
import { hasRuntimeConfig, loadRuntimeConfig } from '../lib/runtime-config';
import { startScreenPrefetch } from './screen-prefetch';
import { screens } from './screens';

function prefetchOpeningScreen(url: URL): void {
  const screen = screens.find((entry) => entry.prefetch && matchPath(entry.path, url.pathname));
  if (screen) startScreenPrefetch(screen, url);
}

// main.tsx reports a configuration that cannot be loaded.
loadRuntimeConfig().catch(() => undefined);
if (hasRuntimeConfig()) prefetchOpeningScreen(new URL(window.location.href));
