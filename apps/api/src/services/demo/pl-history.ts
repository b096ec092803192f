import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { plAuthorizationFlows, plLegalEntities, users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { SandboxKsefGateway } from '../../gateways/ksef/sandbox-client.ts';
import { KsefSandbox } from '../../gateways/ksef/sandbox/ksef-sandbox.ts';
import type { KsefGateway } from '../../gateways/ksef/ksef-gateway.ts';
import { PlInvoicesRepository } from '../pl/invoices/invoices.repository.ts';
import { PlInvoicesService } from '../pl/invoices/invoices.service.ts';
import {
  KsefExchange,
  PL_POLL_JOB,
  PL_SEND_JOB,
  PL_SYNC_ALL_JOB,
  PL_SYNC_JOB,
} from '../pl/invoices/ksef-exchange.ts';
import { warsawClock } from '../pl/invoices/offline-mode.ts';
import { PlLegalEntitiesRepository } from '../pl/legal-entities/legal-entities.repository.ts';
import { demoInvoiceXml, demoLines, type DemoParty } from '../pl/demo/fa3-demo-invoice.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { generator } from './demo-plan.ts';

/**
 * The Polish demo history (issue 35): the KSeF demo account (poland@) has two onboarded legal
 * entities that invoice each other and outside customers for four months through the sandbox
 * KSeF, under the history's clock: each invoice gets its KSeF number and UPO on its day and
 * arrives as the other's incoming invoice. The last days are still on their way (a UPO not yet
 * made, one invoice KSeF is still processing, one waiting to be sent), a few were refused by
 * KSeF with its own codes; a third entity is mid-onboarding (its link made, not opened) and a
 * fourth is blocked, its last invoice never sent. Everything goes through the real services.
 */

export const DEMO_POLAND_OWNER = 'poland@demo.fiscus.test';

const DAYS = 120;
const DAY = 86_400_000;

type EntitySeed = {
  nip: string;
  name: string;
  addressLine1: string;
  addressLine2: string;
  postcode: string;
  city: string;
  province: string;
  email: string;
};

const KOWALSKI: EntitySeed = {
  nip: '5260250274',
  name: 'Kowalski Consulting sp. z o.o.',
  addressLine1: 'ul. Marszałkowska 84/92',
  addressLine2: 'lok. 109',
  postcode: '00-514',
  city: 'Warszawa',
  province: 'mazowieckie',
  email: 'faktury@kowalski-consulting.demo.fiscus.test',
};
const NOWAK: EntitySeed = {
  nip: '7740001454',
  name: 'Nowak Dostawy sp. z o.o.',
  addressLine1: 'ul. Piotrkowska 120',
  addressLine2: 'budynek B',
  postcode: '90-006',
  city: 'Łódź',
  province: 'łódzkie',
  email: 'ksiegowosc@nowak-dostawy.demo.fiscus.test',
};
const ONBOARDING: EntitySeed = {
  nip: '1132191233',
  name: 'Zielony Ogród s.c.',
  addressLine1: 'ul. Ogrodowa 7',
  addressLine2: '—',
  postcode: '30-001',
  city: 'Kraków',
  province: 'małopolskie',
  email: 'biuro@zielony-ogrod.demo.fiscus.test',
};
const BLOCKED: EntitySeed = {
  nip: '9542583988',
  name: 'Stara Firma sp. j.',
  addressLine1: 'ul. Mariacka 1',
  addressLine2: 'II piętro',
  postcode: '40-014',
  city: 'Katowice',
  province: 'śląskie',
  email: 'kontakt@stara-firma.demo.fiscus.test',
};
/** Customers of Kowalski not on this instance (valid NIPs). */
const CUSTOMERS: readonly DemoParty[] = [
  {
    nip: '5213017228',
    name: 'Biuro Rachunkowe Lewandowska',
    address: 'ul. Hoża 43/49',
    city: '00-681 Warszawa',
  },
  {
    nip: '9999999999',
    name: 'ABC AGD sp. z o. o.',
    address: 'ul. Kwiatowa 1 m. 2',
    city: '00-001 Warszawa',
  },
  {
    nip: '1111111111',
    name: 'F.H.U. Jan Kowalski',
    address: 'ul. Polna 1',
    city: '00-001 Warszawa',
  },
];

const partyOf = (seed: EntitySeed): DemoParty => ({
  nip: seed.nip,
  name: seed.name,
  address: `${seed.addressLine1} ${seed.addressLine2}`.trim(),
  city: `${seed.postcode} ${seed.city}`,
  email: seed.email,
});

export async function seedDemoPolandHistory(options: {
  db: Database;
  now: Date;
  mailer: Mailer;
  publicUrl: string;
  seed?: number;
}): Promise<{ invoices: number }> {
  const { db } = options;
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO_POLAND_OWNER));
  if (!owner) return { invoices: 0 };
  // Seeded once: an account with legal entities keeps them as they are.
  const [existing] = await db
    .select({ uuid: plLegalEntities.uuid })
    .from(plLegalEntities)
    .where(eq(plLegalEntities.ownerId, owner.id))
    .limit(1);
  if (existing) return { invoices: 0 };
  const actor: Actor = { user: owner, roles: owner.roles, impersonator: null };

  const clock = { now: new Date(options.now.getTime() - DAYS * DAY) };
  const at = () => clock.now;
  const runner = new DemoJobRunner();
  // The history's webhooks are not delivered: no webhook of the account listens yet.
  runner.register('webhooks.dispatch', async () => undefined);
  // KSeF answers at once, but for the last days, whose UPOs it has not made yet.
  const prompt = new SandboxKsefGateway({
    db,
    sandbox: new KsefSandbox({ db, clock: at, numberDelayMs: 0, upoDelayMs: 0 }),
    clock: at,
  });
  const slowUpo = new SandboxKsefGateway({
    db,
    sandbox: new KsefSandbox({ db, clock: at, numberDelayMs: 0, upoDelayMs: 3 * DAY }),
    clock: at,
  });
  let active: KsefGateway = prompt;
  const ksef = new Proxy(prompt, {
    get: (_target, key: keyof KsefGateway) => {
      const value = active[key];
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
  const exchange = new KsefExchange({
    db,
    jobs: runner.asQueue,
    ksef,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    numberDelayMs: 0,
    upoDelayMs: 0,
    offlineCutoff: '23:30',
    clock: at,
  });
  exchange.registerJobs(runner.asWorker);
  const invoices = new PlInvoicesService({
    db,
    repository: new PlInvoicesRepository(db),
    exchange,
    ksef,
    publicUrl: options.publicUrl,
    clock: at,
  });
  const entities = new PlLegalEntitiesRepository(db);

  const insertEntity = (seed: EntitySeed, createdAt: Date) =>
    entities.insert({
      ownerId: owner.id,
      countryIso2: 'PL',
      ...seed,
      createdAt,
      updatedAt: createdAt,
    });
  const onboard = async (seed: EntitySeed) => {
    const row = await insertEntity(seed, clock.now);
    const token = await ksef.issueTestKsefToken(seed.nip);
    const grant = await ksef.grantWithKsefToken(seed.nip, token);
    await db.insert(plAuthorizationFlows).values({
      legalEntityUuid: row.uuid,
      hash: createHash('sha256').update(randomBytes(24)).digest('hex'),
      status: 200,
      mode: 'mode_2',
      createdAt: clock.now,
      updatedAt: clock.now,
    });
    return entities.setFields(row.uuid, {
      status: 200,
      ksefToken: grant.ksefToken,
      ksefTokenReference: grant.tokenReference,
      lastSyncAt: clock.now,
    });
  };

  const kowalski = await onboard(KOWALSKI);
  const nowak = await onboard(NOWAK);
  const blocked = await onboard(BLOCKED);
  let stara: 'active' | 'invoiced' | 'blocked' = 'active';

  const random = generator(options.seed ?? 35);
  let count = 0;
  let sequence = 0;
  const send = async (
    from: EntitySeed,
    to: DemoParty,
    prefix = '',
    held: readonly string[] = [],
  ): Promise<void> => {
    sequence += 1;
    const day = warsawClock(clock.now).date;
    const [year, month] = day.split('-');
    const xml = demoInvoiceXml({
      seller: partyOf(from),
      buyer: to,
      number: `${prefix}FV/${year}/${month}/${String(sequence).padStart(3, '0')}`,
      issueDate: day,
      lines: demoLines(Math.floor(random() * 1000)),
      createdAt: clock.now,
    });
    await invoices.create(actor, { xml: Buffer.from(xml, 'utf8') });
    count += 1;
    clock.now = new Date(clock.now.getTime() + 60_000);
    if (active === prompt) {
      await runner.run({ hold: [...held, PL_SYNC_ALL_JOB] });
      return;
    }
    // KSeF gives the number now, the UPO later: the first look only (the runner runs a job at
    // once, whenever it was meant for, so a look again would loop).
    await runner.run({ hold: [PL_POLL_JOB, PL_SYNC_ALL_JOB] });
    await runner.run({ limit: 1 });
    runner.discard(PL_POLL_JOB);
    await runner.run({ hold: [PL_SYNC_ALL_JOB] });
  };

  const start = clock.now.getTime();
  for (let day = 0; day < DAYS; day += 1) {
    const base = start + day * DAY;
    const weekday = new Date(base).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    clock.now = new Date(base + (8 + Math.floor(random() * 8)) * 3_600_000);
    // The last two days' UPOs are still to come.
    active = day >= DAYS - 3 ? slowUpo : prompt;
    // Kowalski invoices most working days.
    if (random() < 0.55) {
      const customer =
        random() < 0.35
          ? partyOf(NOWAK)
          : (CUSTOMERS[Math.floor(random() * CUSTOMERS.length)] ?? CUSTOMERS[0]!);
      await send(KOWALSKI, customer);
    }
    // Nowak invoices Kowalski about once a week: Kowalski's incoming invoices.
    if (random() < 0.22) await send(NOWAK, partyOf(KOWALSKI));
    // Now and then KSeF refuses one (its code in the number, as the sandbox scripts it).
    if (day % 37 === 11) await send(KOWALSKI, CUSTOMERS[0]!, 'SANDBOX-REJECT-440-');
    // Stara Firma invoices Kowalski once; its next invoice was still to be sent when it was
    // blocked, some 80 days ago: never sent.
    if (day >= 40 && stara === 'active') {
      await send(BLOCKED, partyOf(KOWALSKI));
      stara = 'invoiced';
    } else if (stara === 'invoiced') {
      await send(BLOCKED, partyOf(KOWALSKI), '', [PL_SEND_JOB]);
      await entities.setFields(blocked.uuid, { status: 300 });
      await runner.run({ hold: [PL_SYNC_ALL_JOB] });
      stara = 'blocked';
    }
  }

  // Today: one KSeF is still processing (until its session is archived: the demo page does it),
  // one waits to be sent (the worker's sweep sends it within five minutes of the start).
  clock.now = new Date(options.now.getTime() - 2 * 3_600_000);
  active = prompt;
  await send(KOWALSKI, CUSTOMERS[1]!, 'SANDBOX-SLOW-', [PL_POLL_JOB]);
  runner.discard(PL_POLL_JOB);
  await send(KOWALSKI, CUSTOMERS[2]!, '', [PL_SEND_JOB]);
  // The incoming invoices: each entity reads what KSeF holds for it.
  clock.now = new Date(options.now.getTime() - 3_600_000);
  for (const entity of [kowalski, nowak]) {
    await exchange.sync(entity.uuid);
  }
  runner.discard(PL_SEND_JOB);
  runner.discard(PL_POLL_JOB);
  runner.discard(PL_SYNC_JOB);
  runner.discard(PL_SYNC_ALL_JOB);

  // Mid-onboarding: the link made this morning, not opened yet.
  clock.now = new Date(options.now.getTime() - 5 * 3_600_000);
  const pending = await insertEntity(ONBOARDING, clock.now);
  await db.insert(plAuthorizationFlows).values({
    legalEntityUuid: pending.uuid,
    hash: createHash('sha256').update(randomBytes(24)).digest('hex'),
    createdAt: clock.now,
    updatedAt: clock.now,
  });
  return { invoices: count };
}
