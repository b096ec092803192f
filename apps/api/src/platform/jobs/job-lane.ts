import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './job.ts';

/** One pool of slots over some job types: a free slot claims the next due job of those types. */
export class Lane {
  readonly types = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private timerDueAt = Number.POSITIVE_INFINITY;
  private claiming: Promise<void> | undefined;
  /** A wake-up arrived while claiming: claim again once the claim in hand returns. */
  private wokenWhileClaiming = false;
  private stopped = true;

  constructor(
    readonly name: string,
    private readonly concurrency: number,
    private readonly worker: {
      claim(types: string[], limit: number): Promise<Job[]>;
      run(job: Job): Promise<void>;
      pollIntervalMs: number;
      logger: FastifyBaseLogger;
    },
  ) {}

  /** Claims up to `concurrency` due jobs and waits for all of them (tests, scripts). */
  async runOnce(): Promise<number> {
    const claimed = await this.worker.claim([...this.types], this.concurrency);
    await Promise.all(claimed.map((job) => this.worker.run(job)));
    return claimed.length;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Claims at once (a due job was enqueued, or a slot freed up). */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) this.wokenWhileClaiming = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.claiming;
    await Promise.all(this.inFlight);
  }

  private schedule(delayMs: number): void {
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.timerDueAt <= dueAt) return;
    this.clearTimer();
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDueAt = Number.POSITIVE_INFINITY;
      this.claiming = this.fill().finally(() => {
        this.claiming = undefined;
      });
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDueAt = Number.POSITIVE_INFINITY;
  }

  /** Fills the free slots; each finished job frees its slot and claims again at once. */
  private async fill(): Promise<void> {
    if (this.stopped) return;
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) return;
    this.wokenWhileClaiming = false;
    let claimed: Job[];
    try {
      claimed = await this.worker.claim([...this.types], free);
    } catch (error) {
      this.worker.logger.error({ err: error, lane: this.name }, 'job worker poll failed');
      if (!this.stopped) this.schedule(this.worker.pollIntervalMs);
      return;
    }
    for (const job of claimed) {
      const running: Promise<void> = this.worker.run(job).finally(() => {
        this.inFlight.delete(running);
        this.wake();
      });
      this.inFlight.add(running);
    }
    if (this.stopped) return;
    // A full claim or a wake-up during it may leave more due work: look again at once.
    const more = claimed.length === free || this.wokenWhileClaiming;
    if (this.inFlight.size < this.concurrency || !more) {
      this.schedule(more ? 0 : this.worker.pollIntervalMs);
    }
  }
}
