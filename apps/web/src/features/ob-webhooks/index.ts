/** The open-banking webhooks (`/openbanking/webhooks`): declared in `routes.ts`. */
export { default as ObWebhooksPage } from './components/webhooks-page';
export { webhooksTableKey } from './model/webhook-list';
