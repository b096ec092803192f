// First: the opening screen's API call goes out before the rest of the entry is evaluated.
import './app/opening-prefetch';
import './components/plain/plain.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Service URLs come from the configuration (inlined into index.html by the API, else
// /config.json); nothing may call the API before it is loaded. The router is made as soon as it
// is: the first screen's code starts while the language's texts arrive.
loadRuntimeConfig()
  .then(() => {
    const router = createAppRouter();
    return i18nReady.then(() => router);
  })
  .then(
    (router) => {
      createRoot(container).render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    },
    (error: unknown) => {
      // Without configuration there is no API to talk to: say so plainly, in the static page.
      console.error(error);
      const message = document.getElementById('boot-error');
      if (message) message.hidden = false;
    },
  );
