import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PlDemoGenerate, PlDemoStatus, PlInfrastructureInfo } from '@fiscus/contracts';
import { plInvoices } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { unprocessable, violation } from '../../../platform/problem-errors.ts';
import { actingScopeOf } from '../../../platform/tenancy.ts';
import type { KsefGateway } from '../../../gateways/ksef/ksef-gateway.ts';
import type { PlLegalEntitiesRepository } from '../legal-entities/legal-entities.repository.ts';
import { PL_POLL_JOB } from '../invoices/ksef-exchange.ts';
import { warsawClock } from '../invoices/offline-mode.ts';
import type { PlInvoicesService } from '../invoices/invoices.service.ts';
import { assertPolishAdmin } from '../pl-access.ts';
import { demoInvoiceXml, demoLines } from './fa3-demo-invoice.ts';

/**
 * The Polish demo (spec "Polish demo page", calls "Polish demo"; admins in the Polish context):
 * invoices generated from one active legal entity (nip1) to a NIP (nip2) and sent through KSeF
 * as any other, a single FA(3) sent as pasted, the status table of a NIP's demo invoices, a
 * reset (the table empties; the invoices stay in the lists), and the sandbox's session archive
 * run now (every waiting number and UPO of nip1 given at once).
 */
export class PlDemoService {
  constructor(
    private readonly deps: {
      db: Database;
      invoices: PlInvoicesService;
      legalEntities: PlLegalEntitiesRepository;
      ksef: KsefGateway;
      jobs: JobQueue;
      info: Omit<PlInfrastructureInfo, 'serverTime'>;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  private async activeEntity(actor: Actor, nip: string, field: string) {
    assertPolishAdmin(actor);
    const entity = await this.deps.legalEntities.findByNip(actingScopeOf(actor), nip);
    if (!entity || entity.status !== 200) {
      throw unprocessable([
        violation(
          field,
          'No active legal entity of this account has this NIP.',
          'legal_entity_inactive',
        ),
      ]);
    }
    return entity;
  }

  async generate(
    actor: Actor,
    body: PlDemoGenerate,
  ): Promise<{ generated: number; uuids: string[] }> {
    const seller = await this.activeEntity(actor, body.nip1, 'nip1');
    const now = this.now();
    const day = warsawClock(now).date;
    const batch = randomBytes(3).toString('hex').toUpperCase();
    const uuids: string[] = [];
    for (let index = 0; index < Number(body.invoiceCount); index += 1) {
      const xml = demoInvoiceXml({
        seller: {
          nip: seller.nip,
          name: seller.name,
          address: seller.addressLine1,
          city: `${seller.postcode} ${seller.city}`,
          email: seller.email,
        },
        buyer: {
          nip: body.nip2,
          name: `Kontrahent demo ${body.nip2}`,
          address: 'ul. Testowa 1',
          city: '00-950 Warszawa',
          email: seller.email,
        },
        number: `DEMO/${day.replaceAll('-', '')}/${batch}/${index + 1}`,
        issueDate: day,
        lines: demoLines(index + now.getUTCSeconds()),
        createdAt: now,
      });
      const row = await this.deps.invoices.create(
        actor,
        { xml: Buffer.from(xml, 'utf8') },
        { demo: true },
      );
      uuids.push(row.uuid);
    }
    return { generated: uuids.length, uuids };
  }

  async statuses(actor: Actor, nip1: string, order: 'ASC' | 'DESC'): Promise<PlDemoStatus[]> {
    assertPolishAdmin(actor);
    const rows = await this.deps.invoices.demoRows(actor, nip1, order);
    return rows.map((row) => ({
      uuid: row.uuid,
      invoiceCreatorNip: row.invoiceCreatorNip,
      invoiceRecipientNip: row.invoiceRecipientNip,
      invoiceNumber: row.invoiceNumber,
      direction: row.invoiceCreatorNip === nip1 ? 'outgoing' : 'incoming',
      status: row.status,
    }));
  }

  /** The status table starts again; the invoices stay in the lists. */
  async restart(actor: Actor): Promise<void> {
    assertPolishAdmin(actor);
    await this.deps.db
      .update(plInvoices)
      .set({ demo: false })
      .where(and(eq(plInvoices.ownerId, actingScopeOf(actor).ownerId), eq(plInvoices.demo, true)));
  }

  /** The single tab: one FA(3) as pasted, with its attachment named. */
  async sendSingle(actor: Actor, xml: Buffer) {
    assertPolishAdmin(actor);
    const row = await this.deps.invoices.create(actor, { xml }, { demo: true });
    return {
      invoiceNumber: row.invoiceNumber,
      uuid: row.uuid,
      attachments: row.attachments.map((attachment) => ({
        filename: attachment.filename,
        filesize: attachment.size,
      })),
    };
  }

  /** The sandbox's session archive now: nip1's waiting invoices get their number and UPO. */
  async archive(actor: Actor, nip1: string): Promise<{ archived: number }> {
    const entity = await this.activeEntity(actor, nip1, 'nip1');
    const archived = await this.deps.ksef.archiveNow(entity.nip);
    const waiting = await this.deps.db
      .select({ uuid: plInvoices.uuid })
      .from(plInvoices)
      .where(
        and(
          eq(plInvoices.legalEntityUuid, entity.uuid),
          inArray(plInvoices.status, ['sent', 'delivered']),
        ),
      );
    for (const invoice of waiting) {
      await this.deps.jobs.enqueue(PL_POLL_JOB, { invoiceUuid: invoice.uuid }, { maxAttempts: 5 });
    }
    return { archived };
  }

  info(actor: Actor): PlInfrastructureInfo {
    assertPolishAdmin(actor);
    return { ...this.deps.info, serverTime: this.now().toISOString() };
  }
}
