import { Worker } from 'node:worker_threads';
import { ublToJson, validateUbl, type UblJson, type UblValidation } from '@fiscus/ubl';

/*
 * The Peppol engine (`@fiscus/ubl`) off the API's event loop (issue 34: "validation never blocks
 * other requests while a 1,000-line invoice is checked"): one worker thread loads the engine once
 * and checks documents in turn; the API awaits its answers. Measured on this machine, a 1,000-line
 * BIS invoice takes 350 ms cold and 50 to 110 ms warm: inline, every other request would wait that
 * long. When the worker cannot start (no tsx at run time), or `inline` is asked (the demo history
 * at start), the engine runs in the calling thread, as before.
 */

export type UblCheck = { verdict: UblValidation; json?: UblJson };

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };
type Answer = { id: number; verdict?: UblValidation; json?: UblJson; error?: string };

const WORKER_URL = new URL('./ubl-engine.worker.mjs', import.meta.url);

export class UblEngine {
  private worker: Promise<Worker | null> | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  constructor(
    private readonly options: {
      inline?: boolean;
      onFallback?: (error: Error) => void;
    } = {},
  ) {}

  /** Starts the worker now (it loads and warms the engine); later calls find it ready. */
  start(): void {
    void this.started();
  }

  /** The official rules' verdict and, when no rule is fatal, the document's JSON. */
  async check(xml: string): Promise<UblCheck> {
    const worker = await this.started();
    if (!worker) {
      const verdict = validateUbl(xml);
      const fatal = verdict.findings.some((finding) => finding.flag === 'fatal');
      return { verdict, ...(fatal ? {} : { json: ublToJson(xml).json }) };
    }
    const answer = await this.ask(worker, 'check', xml);
    if (!answer.verdict) throw new Error('The UBL engine gave no verdict');
    return { verdict: answer.verdict, ...(answer.json ? { json: answer.json } : {}) };
  }

  /** The JSON of a document (undefined when it does not read as UBL). */
  async json(xml: string): Promise<UblJson | undefined> {
    const worker = await this.started();
    if (!worker) return ublToJson(xml).json;
    return (await this.ask(worker, 'json', xml)).json;
  }

  async close(): Promise<void> {
    const worker = await this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private started(): Promise<Worker | null> {
    if (this.options.inline) return Promise.resolve(null);
    this.worker ??= new Promise<Worker | null>((resolve) => {
      const worker = new Worker(WORKER_URL);
      // Never keeps the process alive on its own.
      worker.unref();
      const fallback = (error: Error) => {
        this.options.onFallback?.(error);
        resolve(null);
      };
      worker.once('error', fallback);
      worker.on('message', (message: Answer | { ready: true }) => {
        if ('ready' in message) {
          worker.off('error', fallback);
          worker.on('error', (error) => this.failAll(error));
          resolve(worker);
          return;
        }
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (!waiting) return;
        if (message.error !== undefined) waiting.reject(new Error(message.error));
        else waiting.resolve(message as never);
      });
      worker.on('exit', () => {
        this.failAll(new Error('The UBL engine stopped'));
        this.worker = undefined;
      });
    });
    return this.worker;
  }

  private ask(worker: Worker, op: 'check' | 'json', xml: string): Promise<Answer> {
    const id = (this.next += 1);
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage({ id, op, xml });
    });
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
