/** The Polish webhooks (`/gov-pl/webhooks`): declared in `routes.ts`. */
export { default as PlWebhooksPage } from './components/webhooks-page';
export { webhooksTableKey } from './model/webhook-list';
