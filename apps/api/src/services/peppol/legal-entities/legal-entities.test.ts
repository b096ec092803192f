import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIS_BILLING } from '@fiscus/peppol-messages';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { subAccountOf, type Login } from '../../it/acting-scope-test-kit.ts';

const ROLES = {
  peppol: ['ROLE_USER'],
  common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
  it: ['ROLE_USER'],
};
/** Proximus: enterprise number 0202.239.951. */
const BELGIAN = {
  registeredName: 'Proximus SA',
  identifierScheme: '0208',
  identifierValue: '0202239951',
};
/** The Agenzia delle Entrate's own VAT number, as an Italian participant. */
const ITALIAN = {
  registeredName: 'Agenzia delle Entrate',
  identifierScheme: '0211',
  identifierValue: 'IT06363391001',
  city: 'Roma',
  country: 'it',
  receivedDocumentNotificationEmails: ['peppol@example.test'],
};

type Entity = { uuid: string; smpEnabled: boolean; identifierValue: string };

describe('Peppol legal entities', () => {
  let t: TestApp;
  let owner: Login;
  let other: Login;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await t.createUser({ roles: ROLES });
    owner = { id: created.user.id, email: created.user.email, token: created.token };
    const stranger = await t.createUser({ roles: ROLES });
    other = { id: stranger.user.id, email: stranger.user.email, token: stranger.token };
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as: Login = owner,
  ) =>
    t.request({
      method,
      url: `/api/peppol${url}`,
      token: as.token,
      ...(payload ? { payload } : {}),
    });
  const violationOf = (response: {
    json: () => { violations: { propertyPath: string; code: string }[] };
  }) => response.json().violations.map((entry) => `${entry.propertyPath}:${entry.code}`);

  it('creates, lists, updates and deletes an Italian legal entity', async () => {
    const created = await call('POST', '/it/legal-entities', ITALIAN);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      registeredName: 'Agenzia delle Entrate',
      country: 'IT',
      smpEnabled: false,
      capabilities: [],
      receivedDocumentNotificationEmails: ['peppol@example.test'],
    });
    const { uuid } = created.json<Entity>();
    const list = await t.request({
      method: 'GET',
      url: '/api/peppol/it/legal-entities?registeredName=agenzia&sortBy[registeredName]=asc',
      token: owner.token,
      headers: { accept: 'application/ld+json' },
    });
    expect(list.json()['hydra:totalItems']).toBe(1);
    // Not a Belgian one: each domain lists its own.
    expect((await call('GET', '/be/legal-entities')).json()).toEqual([]);
    const updated = await call('PUT', `/it/legal-entities/${uuid}`, { ...ITALIAN, city: 'Milano' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ city: 'Milano' });
    expect((await call('DELETE', `/it/legal-entities/${uuid}`)).statusCode).toBe(204);
    expect((await call('GET', `/it/legal-entities/${uuid}`)).statusCode).toBe(404);
  });

  it('checks the participant identifier as Peppol does, and registers it once', async () => {
    const refused = async (payload: object, domain = 'it') => {
      const response = await call('POST', `/${domain}/legal-entities`, payload);
      expect(response.statusCode, response.body).toBe(422);
      return violationOf(response);
    };
    expect(await refused({ ...ITALIAN, identifierValue: 'IT06363391002' })).toEqual([
      'identifierValue:identifier_invalid',
    ]);
    expect(await refused({ ...ITALIAN, identifierScheme: '9906' })).toEqual([
      'identifierScheme:removed_scheme',
    ]);
    expect(await refused({ ...ITALIAN, identifierScheme: '1234' })).toEqual([
      'identifierScheme:unknown_scheme',
    ]);
    expect(await refused({ ...BELGIAN, identifierValue: '0202239952' }, 'be')).toEqual([
      'identifierValue:identifier_invalid',
    ]);
    // A Belgian legal entity is identified by its enterprise number.
    expect(
      await refused(
        { ...BELGIAN, identifierScheme: '9925', identifierValue: 'BE0202239951' },
        'be',
      ),
    ).toEqual(['identifierScheme:belgian_scheme']);
    expect(
      await refused({ registeredName: '', identifierScheme: '', identifierValue: '' }),
    ).toHaveLength(3);
    const first = await call('POST', '/be/legal-entities', BELGIAN);
    expect(first.statusCode, first.body).toBe(201);
    // The same participant, whoever registers it and however it is written.
    expect(await refused({ ...BELGIAN, identifierValue: '0202239951' }, 'be')).toEqual([
      'identifierValue:identifier_taken',
    ]);
    const again = await call('POST', '/be/legal-entities', BELGIAN, other);
    expect(again.statusCode).toBe(422);
  });

  it('registers capabilities on the SMP: the code list’s, Belgium the BIS invoice and credit note only', async () => {
    const entity = (
      await call('POST', '/it/legal-entities', { ...ITALIAN, identifierValue: 'IT01234567897' })
    ).json<Entity>();
    const smp = `/it/legal-entities/${entity.uuid}/smp`;
    expect((await call('GET', smp)).json()).toEqual({ enabled: false, capabilities: [] });
    const empty = await call('PUT', smp, { enabled: true, capabilities: [] });
    expect(violationOf(empty)).toEqual(['capabilities:capabilities_required']);
    const wrong = await call('PUT', smp, {
      enabled: true,
      capabilities: [
        { documentType: BIS_BILLING.invoice, process: 'urn:fdc:peppol.eu:poacc:bis:ordering:3' },
        { documentType: 'urn:not:a:document', process: BIS_BILLING.process },
      ],
    });
    expect(violationOf(wrong)).toEqual([
      'capabilities[0].process:process_wrong',
      'capabilities[1].documentType:document_type_unknown',
    ]);
    const registered = await call('PUT', smp, {
      enabled: true,
      capabilities: [{ documentType: BIS_BILLING.invoice, process: BIS_BILLING.process }],
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({
      enabled: true,
      capabilities: [
        {
          documentType: BIS_BILLING.invoice,
          process: BIS_BILLING.process,
          documentTypeScheme: 'busdox-docid-qns',
          processScheme: 'cenbii-procid-ubl',
        },
      ],
    });
    expect((await call('GET', `/it/legal-entities/${entity.uuid}`)).json()).toMatchObject({
      smpEnabled: true,
    });
    // Registered: its identifier stays as it is.
    const moved = await call('PUT', `/it/legal-entities/${entity.uuid}`, {
      ...ITALIAN,
      identifierValue: 'IT02468135799',
    });
    expect(violationOf(moved)).toEqual(['identifierValue:identifier_locked']);

    const belgian = (await call('GET', '/be/legal-entities')).json<Entity[]>()[0];
    const order =
      'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3::2.1';
    const refused = await call('PUT', `/be/legal-entities/${belgian?.uuid}/smp`, {
      enabled: true,
      capabilities: [{ documentType: order }],
    });
    expect(violationOf(refused)).toEqual(['capabilities[0].documentType:document_type_unknown']);
    const both = await call('PUT', `/be/legal-entities/${belgian?.uuid}/smp`, {
      enabled: true,
      capabilities: [
        { documentType: BIS_BILLING.invoice },
        { documentType: BIS_BILLING.creditNote },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect((await call('GET', '/be/document-types')).json()).toHaveLength(2);
    expect((await call('GET', '/it/document-types')).json().length).toBeGreaterThan(100);
    expect((await call('GET', '/be/processes')).json()).toEqual([
      { name: BIS_BILLING.process, value: BIS_BILLING.process, scheme: 'cenbii-procid-ubl' },
    ]);
  });

  it('keeps each business’s legal entities to itself, and a sub-account to the linked ones', async () => {
    const mine = (await call('GET', '/it/legal-entities')).json<Entity[]>();
    expect(mine.length).toBeGreaterThan(0);
    const uuid = mine[0]?.uuid ?? '';
    expect((await call('GET', `/it/legal-entities/${uuid}`, undefined, other)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          'PUT',
          `/it/legal-entities/${uuid}/smp`,
          { enabled: false, capabilities: [] },
          other,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/it/legal-entities/${uuid}`, undefined, other)).statusCode).toBe(
      404,
    );

    const linked = await subAccountOf(t, owner, 'peppol-linked', ROLES);
    const unlinked = await subAccountOf(t, owner, 'peppol-unlinked', ROLES);
    const links = `/it/legal-entities/${uuid}/sub-accounts`;
    const link = await call('POST', links, { email: linked.email });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json()).toMatchObject({ email: linked.email });
    expect((await call('GET', links)).json()).toEqual([
      expect.objectContaining({ email: linked.email }),
    ]);
    // Nobody of the manager's: refused on the field.
    expect(violationOf(await call('POST', links, { email: 'nobody@example.test' }))).toEqual([
      'email:sub_account_unknown',
    ]);
    // A sub-account links nothing; another business does not see the legal entity.
    expect((await call('POST', links, { email: unlinked.email }, linked)).statusCode).toBe(403);
    expect((await call('GET', links, undefined, other)).statusCode).toBe(404);
    expect(
      (await call('GET', '/it/legal-entities', undefined, linked))
        .json<Entity[]>()
        .map((e) => e.uuid),
    ).toEqual([uuid]);
    expect((await call('GET', '/it/legal-entities', undefined, unlinked)).json()).toEqual([]);
    expect((await call('GET', `/it/legal-entities/${uuid}`, undefined, unlinked)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          'POST',
          '/it/legal-entities',
          { ...ITALIAN, identifierValue: 'IT02468135799' },
          linked,
        )
      ).statusCode,
    ).toBe(403);
    // Unlinked: the legal entity is gone from the sub-account's next call.
    const unlink = `${links}/${encodeURIComponent(linked.email)}`;
    expect((await call('DELETE', unlink)).statusCode).toBe(204);
    expect((await call('GET', '/it/legal-entities', undefined, linked)).json()).toEqual([]);
    expect((await call('DELETE', unlink)).statusCode).toBe(404);

    const noPeppol = await t.createUser({ roles: { it: ['ROLE_USER'], common: ['ROLE_USER'] } });
    const forbidden = await t.request({
      method: 'GET',
      url: '/api/peppol/it/legal-entities',
      token: noPeppol.token,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/peppol/it/legal-entities' })).statusCode,
    ).toBe(401);
  });

  it('checks that partners can reach a legal entity, step by step with evidence', async () => {
    const created = await call('POST', '/it/legal-entities', {
      registeredName: 'Receiving Check SRL',
      identifierScheme: '0211',
      identifierValue: 'IT09876543217',
    });
    const { uuid } = created.json<Entity>();
    type Check = {
      ok: boolean;
      steps: {
        step: string;
        ok: boolean;
        problem: string | null;
        evidence: { label: string; value: string }[];
      }[];
    };
    const check = async () =>
      (await call('POST', `/it/legal-entities/${uuid}/receiving-check`)).json<Check>();

    // Not on the SMP yet: the SML has no record of it, and the check stops there.
    const off = await check();
    expect(off.ok).toBe(false);
    expect(off.steps.map((entry) => [entry.step, entry.problem])).toEqual([
      ['identifier', null],
      ['sml', 'not_registered'],
    ]);
    expect(off.steps[1]?.evidence[0]).toMatchObject({ label: 'smlHost' });
    expect(off.steps[1]?.evidence[0]?.value).toMatch(
      /^[a-z2-7]{52}\.iso6523-actorid-upis\.sml\.sandbox\.fiscus\.test$/,
    );

    await call('PUT', `/it/legal-entities/${uuid}/smp`, {
      enabled: true,
      capabilities: [{ documentType: BIS_BILLING.invoice, process: BIS_BILLING.process }],
    });
    const on = await check();
    expect(on.ok).toBe(true);
    expect(on.steps.map((entry) => entry.step)).toEqual([
      'identifier',
      'sml',
      'smp',
      'capabilities',
      'selfSend',
    ]);
    const evidence = Object.fromEntries(
      on.steps.flatMap((entry) => entry.evidence.map((item) => [item.label, item.value])),
    );
    expect(evidence).toMatchObject({
      signature: 'valid',
      endpoint: 'https://console.fiscus.test/api/peppol/as4',
      transportProfile: 'peppol-transport-as4-v2_0',
    });
    expect(
      (await call('POST', `/it/legal-entities/${uuid}/receiving-check`, undefined, other))
        .statusCode,
    ).toBe(404);
  });
});
