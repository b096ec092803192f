import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Service URLs come from /config.json; nothing may call the API before it is loaded.
Promise.all([loadRuntimeConfig(), i18nReady]).then(
  () => {
    createRoot(container).render(
      <StrictMode>
        <App />
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
