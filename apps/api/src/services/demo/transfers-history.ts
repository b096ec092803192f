import type { FastifyBaseLogger } from 'fastify';
import { toXml } from '@fiscus/fatturapa';
import { DEMO_CUSTOMERS, DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import { SDI_PA_TERMS_JOB } from '../../gateways/sdi/sandbox.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { assertSafeKey } from '../../platform/files/file-store.ts';
import type { InvoicesService } from '../it/invoices/invoices.service.ts';
import { zipArchive } from '../it/invoices/zip-archive.ts';
import { romeToday } from '../it/sdi-simulation/generated-invoice.ts';
import { TransferProcessing } from '../it/transfers/transfer-processing.ts';
import { TransfersService } from '../it/transfers/transfers.service.ts';
import type { DemoJobRunner } from './demo-job-runner.ts';
import { customerInvoiceJson } from './demo-invoices.ts';

/*
 * The invoice transfers of the demo account (italy@), made through the transfer service and its
 * processing job as an upload would be: in the last month, a single invoice sent and delivered,
 * a zip of a month's invoices (three sent, one missing its number, one PDF that is no invoice),
 * and a file refused for a missing number that was uploaded again corrected (so the first is
 * 'fixed'). The SDI sandbox delivers the sent ones as for any invoice. The uploaded files are
 * held in memory for the history's run: their transfers keep what the screens show.
 */

export type TransfersHistoryContext = {
  db: Database;
  logger: FastifyBaseLogger;
  actor: Actor;
  /** The history's invoices service (its clock, its SDI sandbox on the runner). */
  invoices: InvoicesService;
  runner: DemoJobRunner;
  clock: { now: Date };
  now: Date;
};

const DAY = 24 * 60 * 60 * 1000;

/** The history's uploads live only while it runs. */
class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, Buffer>();

  put(key: string, data: Buffer | string): Promise<void> {
    assertSafeKey(key);
    this.files.set(key, Buffer.from(data));
    return Promise.resolve();
  }

  get(key: string): Promise<Buffer | null> {
    return Promise.resolve(this.files.get(key) ?? null);
  }

  delete(key: string): Promise<boolean> {
    return Promise.resolve(this.files.delete(key));
  }

  exists(key: string): Promise<boolean> {
    return Promise.resolve(this.files.has(key));
  }
}

function invoiceXml(number: string, at: Date, customerIndex: number, net: string): string {
  const reachable = DEMO_CUSTOMERS.filter(
    (customer) => customer.reachable && !customer.recipientCode.startsWith('FAIL'),
  );
  const company = reachable[customerIndex % reachable.length] ?? DEMO_CUSTOMERS[0];
  if (!company) throw new Error('demo transfers: no demo customer');
  return toXml(
    customerInvoiceJson({
      seller: DEMO_OWN_COMPANY,
      buyer: { kind: 'company', company },
      number,
      date: romeToday(at),
      line: { description: 'Consulenza e assistenza (trasferimento)', net },
    }),
    'FPR12',
  );
}

/** The file SDI would refuse: its document number left out. */
function withoutNumber(xml: string): string {
  return xml.replace(/<Numero>[^<]*<\/Numero>/, '');
}

/** Makes the demo's transfers; resolves with the day of each invoice they sent. */
export async function seedTransfersHistory(context: TransfersHistoryContext): Promise<Date[]> {
  const { db, logger, actor, invoices, runner, clock, now } = context;
  const files = new MemoryFileStore();
  const at = () => clock.now;
  const transfers = new TransfersService({ db, files, jobs: runner.asQueue, clock: at });
  new TransferProcessing({ db, files, invoices, logger, clock: at }).registerJobs(runner.asWorker);
  const vat = DEMO_OWN_COMPANY.vat;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  const uploads: { at: Date; path: string; file: () => Buffer }[] = [
    {
      at: daysAgo(20),
      path: `fatture/2026/IT${vat}_T0001.xml`,
      file: () => Buffer.from(invoiceXml('TR-0001', daysAgo(20), 0, '1200.00')),
    },
    {
      at: daysAgo(12),
      path: 'fatture/2026/lotto-mensile.zip',
      file: () =>
        zipArchive(
          [
            { name: `IT${vat}_T0002.xml`, data: invoiceXml('TR-0002', daysAgo(12), 1, '480.00') },
            { name: `IT${vat}_T0003.xml`, data: invoiceXml('TR-0003', daysAgo(12), 2, '2250.50') },
            { name: `IT${vat}_T0004.xml`, data: invoiceXml('TR-0004', daysAgo(12), 3, '99.90') },
            {
              name: `IT${vat}_T0005.xml`,
              data: withoutNumber(invoiceXml('TR-0005', daysAgo(12), 0, '310.00')),
            },
            { name: 'riepilogo.pdf', data: '%PDF-1.7 riepilogo del mese' },
          ],
          daysAgo(12),
        ),
    },
    {
      at: daysAgo(5),
      path: `fatture/correzioni/IT${vat}_T0006.xml`,
      file: () => Buffer.from(withoutNumber(invoiceXml('TR-0006', daysAgo(5), 1, '760.00'))),
    },
    {
      at: daysAgo(4),
      path: `fatture/correzioni/IT${vat}_T0006.xml`,
      file: () => Buffer.from(invoiceXml('TR-0006', daysAgo(4), 1, '760.00')),
    },
  ];

  const sent: Date[] = [];
  for (const upload of uploads) {
    clock.now = upload.at;
    const stored = await transfers.receive(actor, upload.path, upload.file());
    // The processing job, then SDI's steps for what it sent (PA terms are not reached here).
    await runner.run({ hold: [SDI_PA_TERMS_JOB] });
    runner.discard(SDI_PA_TERMS_JOB);
    for (const transfer of await transfers.repository.ofUpload(stored.uuid)) {
      if (transfer.invoiceUuid !== null) sent.push(upload.at);
    }
  }
  clock.now = now;
  return sent;
}
