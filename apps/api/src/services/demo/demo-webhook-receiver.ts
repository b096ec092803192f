import type { FastifyPluginAsync } from 'fastify';

/** Where the sandbox's own webhook receiver listens (the demo's api configurations point here). */
export const DEMO_WEBHOOK_RECEIVER_PATH = '/api/dev/webhook-receiver';

/**
 * `POST /api/dev/webhook-receiver` (sandbox only): a receiver that accepts every webhook with 204
 * and keeps nothing, so the demo account's api configurations deliver for real: each event is an
 * HTTP request, answered, and recorded in the delivery log like any other receiver's.
 */
export const demoWebhookReceiverRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    DEMO_WEBHOOK_RECEIVER_PATH,
    { schema: { hide: true }, bodyLimit: 5 * 1024 * 1024 },
    async (_request, reply) => reply.code(204).send(),
  );
};
