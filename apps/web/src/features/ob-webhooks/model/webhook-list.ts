/** The open-banking webhook list: its table key (localStorage) and its filters (none). */
export const webhooksTableKey = 'ob-webhooks';

export const defaultWebhookFilters = {};
