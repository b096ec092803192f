import type { FastifyInstance } from 'fastify';
import { problemBody, sendProblem } from '../../platform/problem-errors.ts';
import { DEMO_WEBHOOK_RECEIVER_PATH } from './demo-webhook-receiver.ts';

/**
 * While the demo history is being made at the first start (server.ts), the server already listens
 * (the history's webhooks are delivered to the API's own receiver) but answers every other request
 * with 503 and `Retry-After`, the health check included: a browser or a test waiting for the
 * server sees it ready only once the demo is complete.
 */
export type StartupGate = { open: boolean };

export function registerStartupGate(app: FastifyInstance): StartupGate {
  const gate: StartupGate = { open: true };
  app.addHook('onRequest', async (request, reply) => {
    if (gate.open || request.url.startsWith(DEMO_WEBHOOK_RECEIVER_PATH)) return;
    reply.header('retry-after', '5');
    return sendProblem(reply, problemBody(503, 'The demo is being prepared; try again shortly.'));
  });
  return gate;
}
