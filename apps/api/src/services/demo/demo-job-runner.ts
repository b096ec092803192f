import type { JobHandler, JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';

/** A job the runner holds: its type, payload and when the enqueuing code wanted it to run. */
export type HeldJob = { type: string; payload: unknown; runAt: Date };

/**
 * The demo history's job queue and worker in one, in memory: the real SDI sandbox gateway, the
 * invoice-exchange service and the webhook delivery enqueue their steps here and register their
 * handlers here, exactly as on pg-boss, and the history runs the held steps when it chooses
 * (`run`), one at a time in order. That keeps a year of exchanges deterministic and fast, lets the
 * history stop an exchange where a marking should stay (a public administration's terms not yet
 * over, a channel still failing) and stamps every step with the history's clock, not today's.
 *
 * Only the members the services use exist (`enqueue`, `register`); `asQueue` / `asWorker` give it
 * the services' parameter types.
 */
export class DemoJobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private held: HeldJob[] = [];

  enqueue(type: string, payload: unknown, options: { runAt?: Date } = {}): Promise<string> {
    this.held.push({ type, payload, runAt: options.runAt ?? new Date() });
    return Promise.resolve(`demo-${this.held.length}`);
  }

  register(type: string, handler: JobHandler): this {
    this.handlers.set(type, handler);
    return this;
  }

  get asQueue(): JobQueue {
    return this as unknown as JobQueue;
  }

  get asWorker(): JobWorker {
    return this as unknown as JobWorker;
  }

  /** The jobs of `type` still held. */
  pending(type?: string): HeldJob[] {
    return this.held.filter((job) => type === undefined || job.type === type);
  }

  /**
   * Runs the held jobs in order, including those they enqueue, except the types in `hold` (kept
   * for a later call or `discard`), at most `limit` of them. Resolves with how many ran.
   */
  async run(options: { hold?: readonly string[]; limit?: number } = {}): Promise<number> {
    const hold = new Set(options.hold ?? []);
    let ran = 0;
    while (ran < (options.limit ?? Number.POSITIVE_INFINITY)) {
      const index = this.held.findIndex((job) => !hold.has(job.type));
      if (index < 0) return ran;
      const [job] = this.held.splice(index, 1);
      if (!job) return ran;
      const handler = this.handlers.get(job.type);
      if (!handler) throw new Error(`demo history: no handler for job ${job.type}`);
      await handler(job.payload, {
        id: `demo-${ran}`,
        type: job.type,
        payload: job.payload,
      } as unknown as Parameters<JobHandler>[1]);
      ran += 1;
    }
    return ran;
  }

  /** Drops the held jobs of `type` (an exchange the history leaves where it is). */
  discard(type: string): void {
    this.held = this.held.filter((job) => job.type !== type);
  }
}
