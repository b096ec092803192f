/**
 * Warns about the work an operator (or a CI run) needs to see first when the API feels slow:
 * a request that took longer than `slowRequestMs`, and the event loop held by one piece of
 * synchronous work for longer than `blockedLoopMs` (every request waits on it meanwhile).
 * Both are `warn` records, so they show at the default level and at LOG_LEVEL=warn.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export interface SlowWorkOptions {
  slowRequestMs: number;
  blockedLoopMs: number;
}

/** How often the loop's worst delay is read (and the histogram reset). */
const LOOP_SAMPLE_MS = 5_000;

export function registerSlowWorkWarnings(app: FastifyInstance, options: SlowWorkOptions): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms < options.slowRequestMs) return;
    request.log.warn(
      { responseTime: Math.round(ms), statusCode: reply.statusCode },
      `slow request: ${request.method} ${request.routeOptions.url ?? request.url} took ${Math.round(ms)} ms`,
    );
  });

  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const timer = setInterval(() => {
    const worstMs = delay.max / 1e6;
    delay.reset();
    if (worstMs >= options.blockedLoopMs)
      app.log.warn(
        { blockedMs: Math.round(worstMs) },
        `event loop blocked for ${Math.round(worstMs)} ms`,
      );
  }, LOOP_SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    delay.disable();
  });
}
