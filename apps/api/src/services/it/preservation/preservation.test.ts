import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  itBusinessRegistryConfigurations,
  itInvoices,
  preservedDocuments,
  webhookDeliveries,
} from '../../../db/schema/index.ts';
import { RECEIPTS_PRESERVATION_JOB } from '../receipts/receipt-preservation.ts';

const ROLES = {
  it: ['ROLE_INVOICING', 'ROLE_CONFIG'],
  common: ['ROLE_USER'],
  preservation: ['ROLE_USER'],
};
const XML =
  '<?xml version="1.0"?><p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"/>';

async function drain(t: TestApp): Promise<void> {
  for (let round = 0; round < 100; round += 1) {
    if ((await t.app.platform.worker.runOnce()) === 0) return;
  }
  throw new Error('the job queue did not drain');
}

describe('preservation', () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    const owner = await t.createUser({ roles: ROLES });
    token = owner.token;
    ownerId = owner.user.id;
  });
  afterAll(() => t.close());

  async function storeInvoice(values: Partial<typeof itInvoices.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(itInvoices)
      .values({
        ownerId,
        type: 0,
        transmissionFormat: 'FPR12',
        marking: 'delivered',
        xml: XML,
        payload: {},
        senderVat: 'IT01234567890',
        sdiFileName: 'IT01234567890_00001.xml',
        ...values,
      })
      .returning();
    return row!;
  }

  it('moves an invoice through to_be_stored, sent, sent_metadata and stored, then serves the receipt', async () => {
    const invoice = await storeInvoice();
    const before = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${invoice.uuid}/preserved-document`,
      token,
    });
    expect(before.statusCode).toBe(404);

    await t.request({
      method: 'POST',
      url: '/api/it/api-configurations',
      token,
      payload: { event: 'legal-storage-receipt', target_url: 'http://127.0.0.1:9/unreachable' },
    });

    const sent = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice.uuid}/preserve`,
      token,
    });
    expect(sent.statusCode).toBe(202);
    const document = sent.json<{ uuid: string; status: string; weight: number }>();
    expect(document).toMatchObject({
      status: 'to_be_stored',
      document_type: 'customer-invoice',
      document_uuid: invoice.uuid,
      original_filename: 'IT01234567890_00001.xml',
      weight: Buffer.byteLength(XML),
    });
    const again = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice.uuid}/preserve`,
      token,
    });
    expect(again.json()).toMatchObject({ uuid: document.uuid });

    const receiptTooEarly = await t.request({
      method: 'GET',
      url: `/api/preservation/preserved-documents/it/customer-invoice/${document.uuid}/receipt`,
      token,
    });
    expect(receiptTooEarly.statusCode).toBe(404);

    // The three steps, then the receipt webhook (refused on port 9: retried to exhaustion at once).
    await drain(t);

    const preserved = await t.request({
      method: 'GET',
      url: `/api/it/invoices/${invoice.uuid}/preserved-document`,
      token,
    });
    const body = preserved.json<{
      status: string;
      status_history: { status: string }[];
      preserved_object_id: string;
    }>();
    expect(body.status).toBe('stored');
    expect(body.status_history.map((entry) => entry.status)).toEqual([
      'to_be_stored',
      'sent',
      'sent_metadata',
      'stored',
    ]);
    expect(body.preserved_object_id).toMatch(/^PDV-\d{4}-[0-9A-F]{12}$/);

    const receipt = await t.request({
      method: 'GET',
      url: `/api/preservation/preserved-documents/it/customer-invoice/${document.uuid}/receipt`,
      token,
      headers: { accept: 'application/xml' },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/xml');
    expect(receipt.body).toContain(
      `<Impronta algoritmo="SHA-256">${createHash('sha256').update(XML).digest('base64')}</Impronta>`,
    );
    expect(receipt.body).toContain(
      `<IdentificativoPacchetto>${body.preserved_object_id}</IdentificativoPacchetto>`,
    );

    const pdf = await t.request({
      method: 'GET',
      url: `/api/preservation/preserved-documents/it/customer-invoice/${document.uuid}/receipt`,
      token,
      headers: { accept: 'application/pdf' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const original = await t.request({
      method: 'GET',
      url: `/api/preservation/preserved-documents/it/customer-invoice/${document.uuid}/original-document`,
      token,
    });
    expect(original.body).toBe(XML);
    expect(original.headers['content-disposition']).toContain('IT01234567890_00001.xml');

    const deliveries = await t.db.select().from(webhookDeliveries);
    expect(deliveries.map((d) => d.event)).toEqual(['legal-storage-receipt']);
    await t.app.platform.jobs.clear();
  });

  it('lists preserved documents by type with status and date filters', async () => {
    const a = await storeInvoice({ invoiceNumber: 'A' });
    const b = await storeInvoice({
      invoiceNumber: 'B',
      type: 1,
      recipientVat: 'IT01234567890',
      senderVat: 'IT09876543210',
    });
    await t.request({ method: 'POST', url: `/api/it/invoices/${a.uuid}/preserve`, token });
    await t.request({ method: 'POST', url: `/api/it/invoices/${b.uuid}/preserve`, token });

    const list = async (path: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/preservation/preserved-documents/it/${path}`,
        token,
        headers: { accept: 'application/ld+json' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{
        'hydra:totalItems': number;
        'hydra:member': { document_uuid: string }[];
      }>();
    };
    expect((await list('supplier-invoice'))['hydra:member'].map((d) => d.document_uuid)).toEqual([
      b.uuid,
    ]);
    expect(
      (await list('customer-invoice?status=to_be_stored'))['hydra:member'].map(
        (d) => d.document_uuid,
      ),
    ).toEqual([a.uuid]);
    expect((await list('customer-invoice?status=stored'))['hydra:totalItems']).toBe(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await list(`customer-invoice?created_at[after]=${encodeURIComponent(tomorrow)}`))[
        'hydra:totalItems'
      ],
    ).toBe(0);
    expect(
      (await list(`customer-invoice?created_at[strictly_before]=${encodeURIComponent(tomorrow)}`))[
        'hydra:totalItems'
      ],
    ).toBe(2);

    const unknownType = await t.request({
      method: 'GET',
      url: '/api/preservation/preserved-documents/it/receipts',
      token,
    });
    expect(unknownType.statusCode).toBe(404);
    const badDate = await t.request({
      method: 'GET',
      url: '/api/preservation/preserved-documents/it/customer-invoice?created_at[after]=yesterday',
      token,
    });
    expect(badDate.statusCode).toBe(400);
    await t.app.platform.jobs.clear();
  });

  it('refuses drafts, invoices without the company VAT, foreign invoices and users without the platform', async () => {
    const draft = await storeInvoice({ marking: 'draft' });
    expect(
      (await t.request({ method: 'POST', url: `/api/it/invoices/${draft.uuid}/preserve`, token }))
        .statusCode,
    ).toBe(409);

    const noVat = await storeInvoice({ senderVat: null, senderFiscalId: null });
    const missingVat = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${noVat.uuid}/preserve`,
      token,
    });
    expect(missingVat.statusCode).toBe(422);
    const announced = await t.app.platform.jobs.jobsOf('webhooks.dispatch');
    expect(announced.map((job) => (job.payload as { event: string }).event)).toContain(
      'legal-storage-missing-vat',
    );

    const other = await t.createUser({ roles: ROLES });
    const invoice = await storeInvoice();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/it/invoices/${invoice.uuid}/preserve`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: '/api/it/invoices/not-a-uuid/preserve', token }))
        .statusCode,
    ).toBe(400);

    const noPlatform = await t.createUser({ roles: { it: ['ROLE_INVOICING'] } });
    const forbidden = await t.request({
      method: 'GET',
      url: '/api/preservation/preserved-documents/it/customer-invoice',
      token: noPlatform.token,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('sends the invoices of registries with legal storage every night, once, drafts and today left out', async () => {
    await t.db.insert(itBusinessRegistryConfigurations).values([
      { ownerId, fiscalId: '01234567890', name: 'ALPHA SRL', applyLegalStorage: true },
      { ownerId, fiscalId: '09876543217', name: 'BETA SRL', applyLegalStorage: false },
    ]);
    const yesterday = new Date(Date.now() - 30 * 60 * 60 * 1000);
    const sent = await storeInvoice({ createdAt: yesterday });
    const received = await storeInvoice({
      createdAt: yesterday,
      type: 1,
      senderVat: 'IT09876543217',
      recipientVat: 'IT01234567890',
    });
    const otherCompany = await storeInvoice({ createdAt: yesterday, senderVat: 'IT09876543217' });
    // Received by a company named by codice fiscale only: it cannot be filed.
    const noVat = await storeInvoice({
      createdAt: yesterday,
      type: 1,
      senderVat: 'IT09876543217',
      recipientVat: null,
      recipientFiscalId: 'RSSMRA80A01H501U',
    });
    const missingVatWarnings = async () =>
      (await t.app.platform.jobs.jobsOf('webhooks.dispatch')).filter(
        (job) =>
          (job.payload as { event: string; payload: { invoice_uuid?: string } }).event ===
            'legal-storage-missing-vat' &&
          (job.payload as { payload: { invoice_uuid?: string } }).payload.invoice_uuid ===
            noVat.uuid,
      ).length;
    const draft = await storeInvoice({ createdAt: yesterday, marking: 'draft' });
    const today = await storeInvoice();
    const night = async () => {
      await t.app.platform.jobs.enqueue(RECEIPTS_PRESERVATION_JOB, {});
      await drain(t);
      return t.db
        .select({ source: preservedDocuments.sourceUuid, type: preservedDocuments.documentType })
        .from(preservedDocuments)
        .where(
          inArray(preservedDocuments.sourceUuid, [
            sent.uuid,
            received.uuid,
            otherCompany.uuid,
            draft.uuid,
            today.uuid,
            noVat.uuid,
          ]),
        );
    };
    const first = await night();
    expect(first.map((row) => [row.source, row.type]).sort()).toEqual(
      [
        [sent.uuid, 'customer-invoice'],
        [received.uuid, 'supplier-invoice'],
      ].sort(),
    );
    expect(await missingVatWarnings()).toBe(1);
    // The next night stores nothing twice, and warns of nothing again.
    expect(await night()).toHaveLength(2);
    expect(await missingVatWarnings()).toBe(1);
  });

  /** An invoice sent to preservation and moved through to `stored`. */
  async function storedDocument() {
    const invoice = await storeInvoice();
    const sent = await t.request({
      method: 'POST',
      url: `/api/it/invoices/${invoice.uuid}/preserve`,
      token,
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await drain(t);
    const [row] = await t.db
      .select()
      .from(preservedDocuments)
      .where(eq(preservedDocuments.sourceUuid, invoice.uuid));
    expect(row?.status).toBe('stored');
    return row!;
  }

  it('keeps a stored document: its file cannot be changed and it cannot be deleted', async () => {
    const document = await storedDocument();
    /** The database's refusal (Drizzle wraps it: "Failed query …", the cause says why). */
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(
        t.db
          .update(preservedDocuments)
          .set({ originalDocument: '<changed/>' })
          .where(eq(preservedDocuments.uuid, document.uuid)),
      ),
    ).toMatch(/cannot be changed/);
    expect(
      await refusal(
        t.db
          .update(preservedDocuments)
          .set({ status: 'sent' })
          .where(eq(preservedDocuments.uuid, document.uuid)),
      ),
    ).toMatch(/cannot be changed/);
    expect(
      await refusal(
        t.db.delete(preservedDocuments).where(eq(preservedDocuments.uuid, document.uuid)),
      ),
    ).toMatch(/cannot be deleted/);
    const [kept] = await t.db
      .select()
      .from(preservedDocuments)
      .where(eq(preservedDocuments.uuid, document.uuid));
    expect(kept?.originalDocument).toBe(document.originalDocument);
  });

  it('verifies every night that stored files still match their receipt, and says which do not', async () => {
    const intact = await storedDocument();
    const tampered = await storedDocument();
    // What the guard refuses, done behind its back (a file changed on disk, a restore gone wrong).
    await t.db.execute(
      sql`ALTER TABLE preserved_documents DISABLE TRIGGER preserved_documents_guard`,
    );
    await t.db
      .update(preservedDocuments)
      .set({ originalDocument: `${tampered.originalDocument} ` })
      .where(eq(preservedDocuments.uuid, tampered.uuid));
    await t.db.execute(
      sql`ALTER TABLE preserved_documents ENABLE TRIGGER preserved_documents_guard`,
    );
    await t.app.platform.jobs.enqueue(RECEIPTS_PRESERVATION_JOB, {});
    await drain(t);
    const read = async (uuid: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/preservation/preserved-documents/it/customer-invoice?itemsPerPage=100`,
          token,
          headers: { accept: 'application/json' },
        })
      )
        .json<{ uuid: string; verified_at: string | null; verification_failure: string | null }[]>()
        .find((document) => document.uuid === uuid);
    expect(await read(intact.uuid)).toMatchObject({
      verified_at: expect.any(String),
      verification_failure: null,
    });
    expect((await read(tampered.uuid))?.verification_failure).toMatch(
      /SHA-256 .* is not the one its deposit receipt recorded/,
    );
  });
});
