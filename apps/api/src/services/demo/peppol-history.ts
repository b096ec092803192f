import { and, eq } from 'drizzle-orm';
import { peppolDocuments, peppolLegalEntities, users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import { PeppolDocumentsRepository } from '../peppol/documents/documents.repository.ts';
import { PeppolDocumentsService } from '../peppol/documents/documents.service.ts';
import { PeppolDelivery } from '../peppol/documents/peppol-delivery.ts';
import { UblEngine } from '../peppol/engine/ubl-engine.ts';
import { LegalEntitiesRepository } from '../peppol/legal-entities/legal-entities.repository.ts';
import {
  DEMO_LEGAL_ENTITIES,
  DEMO_PEPPOL_OWNER,
} from '../peppol/legal-entities/seed-demo-legal-entities.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { generator } from './demo-plan.ts';
import {
  billingDocument,
  despatchAdviceDocument,
  nsoOrderResponseDocument,
  orderDocument,
  type DemoLine,
  type DemoParty,
} from './peppol-documents.ts';

/**
 * The Peppol demo history: for three months GAMMA PEPPOL SRL (Milan, the Italian legal entity)
 * and Delta Peppol BV (Brussels, the Belgian one) of the Peppol demo account invoice each other
 * their services on the sandbox network, with the odd credit note; each document arrives as the
 * other's incoming one. Some messages fail as on the real network: an invoice to a Belgian
 * customer that is not on Peppol (PEPPOL:PARTICIPANT_NOT_FOUND), and orders to Delta, which is
 * registered for invoices and credit notes only (PEPPOL:NOT_SERVICED). Every document is sent
 * through the real service and delivered by the network under the history's clock; the older
 * incoming ones are marked downloaded.
 */

const DAYS = 90;
const DAY = 86_400_000;

/** A Belgian company that is not on Peppol (its enterprise number is well formed). */
const NOT_ON_PEPPOL: DemoParty = {
  name: 'Epsilon Retail NV',
  scheme: '0208',
  id: '0222222248',
  vat: 'BE0222222248',
  street: 'Meir 12',
  city: 'Antwerpen',
  zip: '2000',
  country: 'BE',
};

const SERVICES: readonly { name: string; min: number; max: number }[] = [
  { name: 'Consulenza fiscale e-invoicing', min: 8_000, max: 24_000 },
  { name: 'Integration support (hours)', min: 9_000, max: 14_000 },
  { name: 'Licenza software mensile', min: 4_900, max: 4_900 },
  { name: 'Translation of technical documentation', min: 2_500, max: 6_000 },
];

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function seedDemoPeppolHistory(options: {
  db: Database;
  now: Date;
  seed?: number;
}): Promise<{ documents: number }> {
  const { db } = options;
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO_PEPPOL_OWNER));
  if (!owner) return { documents: 0 };
  // Seeded once: an account with documents keeps them as they are.
  const [existing] = await db
    .select({ uuid: peppolDocuments.uuid })
    .from(peppolDocuments)
    .where(eq(peppolDocuments.ownerId, owner.id))
    .limit(1);
  if (existing) return { documents: 0 };
  const entities = await db
    .select()
    .from(peppolLegalEntities)
    .where(
      and(eq(peppolLegalEntities.ownerId, owner.id), eq(peppolLegalEntities.smpEnabled, true)),
    );
  const named = (value: string) => entities.find((entity) => entity.identifierValue === value);
  const [gammaEntity, deltaEntity, publicBuyer] = DEMO_LEGAL_ENTITIES.map((entity) =>
    named(entity.identifierValue),
  );
  const italian = gammaEntity;
  const belgian = deltaEntity;
  if (!italian || !belgian) return { documents: 0 };
  const partyOf = (entity: typeof italian, vat: string): DemoParty => ({
    name: entity.registeredName,
    scheme: entity.identifierScheme,
    id: entity.identifierValue,
    vat,
    street: entity.address ?? '',
    city: entity.city ?? '',
    zip: entity.zipCode ?? '',
    country: entity.country ?? '',
  });
  const gamma = partyOf(italian, italian.identifierValue);
  const delta = partyOf(belgian, `BE${belgian.identifierValue}`);
  const asl = publicBuyer ? partyOf(publicBuyer, '') : undefined;

  const actor: Actor = { user: owner, roles: owner.roles, impersonator: null };
  const clock = { now: options.now };
  const at = () => clock.now;
  const runner = new DemoJobRunner();
  // The history's webhooks are not delivered: no webhook of the account listens yet.
  runner.register('webhooks.dispatch', async () => undefined);
  const repository = new PeppolDocumentsRepository(db);
  // At start, before the API serves: the engine may run in this thread.
  const engine = new UblEngine({ inline: true });
  new PeppolDelivery({
    engine,
    db,
    repository,
    directoryOf: (tx) => new LegalEntitiesRepository(tx),
    announce: async () => undefined,
    clock: at,
  }).registerJobs(runner.asWorker);
  const service = (domain: 'it' | 'be') =>
    new PeppolDocumentsService(
      {
        db,
        repository,
        legalEntities: new LegalEntitiesRepository(db),
        jobs: runner.asQueue,
        engine,
        delayMs: 0,
        clock: at,
      },
      domain,
    );
  const italy = service('it');
  const belgium = service('be');
  const random = generator(options.seed ?? 3407);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const lines = (): DemoLine[] =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const item = pick(SERVICES);
      const cents = item.min + Math.floor(random() * (item.max - item.min + 1));
      return {
        name: item.name,
        quantity: String(1 + Math.floor(random() * 8)),
        price: (cents / 100).toFixed(2),
      };
    });
  let sent = 0;
  const counters = { gamma: 0, delta: 0, credit: 0, order: 0 };
  const deltaInvoices: string[] = [];
  const send = async (domain: 'it' | 'be', xml: string) => {
    await (domain === 'it' ? italy : belgium).send(actor, { xml });
    clock.now = new Date(clock.now.getTime() + 2_000);
    await runner.run();
    sent += 1;
  };

  for (let back = DAYS; back >= 0; back -= 1) {
    const day = new Date(Date.parse(`${dayOf(options.now)}T08:30:00Z`) - back * DAY);
    // The failures of the story happen on set days; the rest is the trade of a working week.
    const toNobody = back === 40 || back === 11;
    const order = back === 52 || back === 23 || back === 4;
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    if (!toNobody && !order && (weekend || random() < 0.55)) continue;
    clock.now = new Date(day.getTime() + Math.floor(random() * 8 * 3_600_000));
    const issueDate = dayOf(clock.now);
    const dueDate = dayOf(new Date(clock.now.getTime() + 30 * DAY));
    const roll = toNobody ? 0 : order ? 1 : random() * 0.92;
    const year = clock.now.getUTCFullYear();
    if (roll < 0.5) {
      counters.gamma += 1;
      const buyer = toNobody ? NOT_ON_PEPPOL : delta;
      await send(
        'it',
        billingDocument({
          kind: 'invoice',
          number: `GP-${year}-${String(counters.gamma).padStart(4, '0')}`,
          issueDate,
          dueDate,
          seller: gamma,
          buyer,
          lines: lines(),
          buyerReference: `PO-${1000 + counters.gamma}`,
        }),
      );
    } else if (roll < 0.8 || (deltaInvoices.length === 0 && !order)) {
      counters.delta += 1;
      const number = `DP/${year}/${counters.delta}`;
      deltaInvoices.push(number);
      await send(
        'be',
        billingDocument({
          kind: 'invoice',
          number,
          issueDate,
          dueDate,
          seller: delta,
          buyer: gamma,
          lines: lines(),
          buyerReference: `GAMMA-${counters.delta}`,
        }),
      );
    } else if (roll < 0.92) {
      counters.credit += 1;
      await send(
        'be',
        billingDocument({
          kind: 'credit-note',
          number: `DP/NC/${year}/${counters.credit}`,
          issueDate,
          dueDate,
          seller: delta,
          buyer: gamma,
          lines: lines().slice(0, 1),
          buyerReference: `GAMMA-NC-${counters.credit}`,
          invoiceReference: pick(deltaInvoices),
        }),
      );
    } else {
      counters.order += 1;
      await send(
        'it',
        orderDocument({
          number: `GP-ORD-${counters.order}`,
          issueDate,
          validUntil: dueDate,
          buyer: gamma,
          seller: delta,
          lines: lines(),
        }),
      );
    }
  }
  // NSO: the public buyer orders gloves and syringes from GAMMA, which accepts the first order
  // (its goods leave two days later with their despatch advice), refuses the second (out of
  // stock), and has not answered the last one yet.
  if (asl) {
    const answers: ('AP' | 'RE' | null)[] = ['AP', 'RE', null];
    for (const [index, back] of [30, 14, 2].entries()) {
      const day = new Date(Date.parse(`${dayOf(options.now)}T09:10:00Z`) - back * DAY);
      clock.now = day;
      const order = { number: `NSO-${day.getUTCFullYear()}-${index + 1}`, issueDate: dayOf(day) };
      const goods = [
        { name: 'Guanti in nitrile (100 pz)', quantity: String(20 + index * 5), price: '7.90' },
        { name: 'Siringhe sterili 5 ml (100 pz)', quantity: '12', price: '11.40' },
      ];
      await send(
        'it',
        orderDocument({
          ...order,
          validUntil: dayOf(new Date(day.getTime() + 30 * DAY)),
          cig: 'ES01',
          buyer: asl,
          seller: gamma,
          lines: goods,
        }),
      );
      const code = answers[index];
      if (!code) continue;
      clock.now = new Date(day.getTime() + 26 * 3_600_000);
      await send(
        'it',
        nsoOrderResponseDocument({
          number: `GP-RISP-${index + 1}`,
          issueDate: dayOf(clock.now),
          code,
          order,
          seller: gamma,
          buyer: asl,
        }),
      );
      if (code !== 'AP') continue;
      clock.now = new Date(day.getTime() + 2 * DAY);
      await send(
        'it',
        despatchAdviceDocument({
          number: `GP-DDT-${index + 1}`,
          issueDate: dayOf(clock.now),
          orderNumber: order.number,
          supplier: gamma,
          customer: asl,
          lines: goods,
        }),
      );
    }
  }
  // What arrived more than a week ago has been downloaded by the account's software.
  const weekAgo = new Date(options.now.getTime() - 7 * DAY);
  const incoming = await db
    .select({ uuid: peppolDocuments.uuid, createdAt: peppolDocuments.createdAt })
    .from(peppolDocuments)
    .where(and(eq(peppolDocuments.ownerId, owner.id), eq(peppolDocuments.direction, 'incoming')));
  for (const document of incoming) {
    if (document.createdAt < weekAgo) {
      await db
        .update(peppolDocuments)
        .set({ downloaded: true })
        .where(eq(peppolDocuments.uuid, document.uuid));
    }
  }
  return { documents: sent };
}
