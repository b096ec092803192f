/**
 * The first import of `main.tsx`: starts what the screen the console opens on needs before the
 * rest of the entry (React DOM, MUI, the router) is evaluated, some 600 ms on a warm cache and a
 * shared 2-core machine, so the two overlap:
 * - its first API call (`Screen.prefetch`), which needs the configuration the API inlines into
 *   index.html; without it (the dev server fetches /config.json) the route's loader makes the
 *   same call later, and the route's loader asks again in any case: the query cache answers it;
 * - its code and the shell's (the router asks for the same modules once it exists: one fetch, the
 *   promise shared), some 40 ms earlier than the router would, and read from the HTTP cache on a
 *   warm visit in parallel with the entry's evaluation rather than after it.
 */
import { matchPath } from 'react-router';
import { getSession } from '../lib/auth';
import { hasRuntimeConfig, loadRuntimeConfig } from '../lib/runtime-config';
import { startScreenPrefetch } from './screen-prefetch';
import { screens } from './screens';

function prefetchOpeningScreen(url: URL): void {
  const screen = screens.find((entry) => entry.page && matchPath(entry.path, url.pathname));
  if (!screen) return;
  // Without a session a console screen sends the user to the login page: nothing to fetch.
  if (!screen.public && !getSession()) return;
  if (screen.prefetch && hasRuntimeConfig()) startScreenPrefetch(screen, url);
  // Failures are the router's to show when it imports the same module.
  screen.page?.().catch(() => undefined);
  if (!screen.public) import('./guards/authenticated-layout').catch(() => undefined);
}

// main.tsx reports a configuration that cannot be loaded.
loadRuntimeConfig().catch(() => undefined);
prefetchOpeningScreen(new URL(window.location.href));
