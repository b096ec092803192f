/** The Peppol webhooks (`/peppol/webhooks`, `/peppol-be/webhooks`): declared in `routes.ts`. */
export { default as PeppolWebhooksPage } from './components/peppol-webhooks-page';
export { webhooksTableKey } from './model/webhook-list';
