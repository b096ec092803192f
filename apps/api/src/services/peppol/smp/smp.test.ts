import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIS_BILLING } from '@fiscus/peppol-messages';
import { smlHostName } from '@fiscus/peppol-messages/sml';
import { serviceGroupUrl, serviceMetadataUrl } from '@fiscus/peppol-messages/smp';
import { SANDBOX_SML_ZONE } from '../../../gateways/peppol/network.ts';
import { verifySdiMessage } from '@fiscus/sdi-messages';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../../db/seed-demo.ts';
import {
  DEMO_PEPPOL_OWNER,
  seedDemoLegalEntities,
} from '../legal-entities/seed-demo-legal-entities.ts';

describe('the sandbox SMP', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://fiscus.test' });
    ({ token } = await t.createUser({ roles: { peppol: ['ROLE_USER'], common: ['ROLE_USER'] } }));
  });
  afterAll(() => t.close());

  /** The path of an SMP URL (the app answers under its public URL). */
  const pathOf = (url: string) => url.slice('https://fiscus.test'.length);
  const base = 'https://fiscus.test/api/peppol/smp';

  it('publishes a registered participant’s document types and their signed metadata', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/peppol/be/legal-entities',
      token,
      payload: {
        registeredName: 'Proximus SA',
        identifierScheme: '0208',
        identifierValue: '0202239951',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json<{ uuid: string }>();
    const participant = '0208:0202239951';
    // Not registered yet: an SMP answers 404.
    expect(
      (await t.request({ method: 'GET', url: pathOf(serviceGroupUrl(base, participant)) }))
        .statusCode,
    ).toBe(404);

    const smp = await t.request({
      method: 'PUT',
      url: `/api/peppol/be/legal-entities/${uuid}/smp`,
      token,
      payload: { enabled: true, capabilities: [{ documentType: BIS_BILLING.invoice }] },
    });
    expect(smp.statusCode, smp.body).toBe(200);

    // A client of the real network: no token, the identifiers percent-encoded.
    const group = await t.request({
      method: 'GET',
      url: pathOf(serviceGroupUrl(base, '0208:0202239951')),
    });
    expect(group.statusCode).toBe(200);
    expect(group.headers['content-type']).toContain('application/xml');
    expect(group.body).toContain(
      '<id:ParticipantIdentifier scheme="iso6523-actorid-upis">0208:0202239951</id:ParticipantIdentifier>',
    );
    const metadataUrl = serviceMetadataUrl(base, participant, BIS_BILLING.invoice);
    expect(group.body).toContain(`href="${metadataUrl}"`);

    const metadata = await t.request({ method: 'GET', url: pathOf(metadataUrl) });
    expect(metadata.statusCode, metadata.body).toBe(200);
    expect(metadata.body).toContain(BIS_BILLING.process);
    expect(metadata.body).toContain(
      '<wsa:Address>https://fiscus.test/api/peppol/as4</wsa:Address>',
    );
    expect(metadata.body).toContain('transportProfile="peppol-transport-as4-v2_0"');
    expect(verifySdiMessage(metadata.body)).toMatchObject({ valid: true });

    // Not registered for the credit note; an unknown participant; not an identifier.
    for (const url of [
      serviceMetadataUrl(base, participant, BIS_BILLING.creditNote),
      serviceGroupUrl(base, '0208:0417497106'),
      `${base}/not-an-identifier`,
      `${base}/iso6523-actorid-upis%3A%3A0208%3A0202239952`,
    ]) {
      expect((await t.request({ method: 'GET', url: pathOf(url) })).statusCode, url).toBe(404);
    }

    // Turned off: gone from the SMP.
    await t.request({
      method: 'PUT',
      url: `/api/peppol/be/legal-entities/${uuid}/smp`,
      token,
      payload: { enabled: false, capabilities: [] },
    });
    expect(
      (await t.request({ method: 'GET', url: pathOf(serviceGroupUrl(base, participant)) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the Peppol demo account', () => {
  it('has an Italian and a Belgian legal entity on the sandbox SMP, seeded once', async () => {
    const t = await createTestApp({ SEED_DEMO: 'true', PUBLIC_URL: 'https://fiscus.test' });
    try {
      await seedDemoLegalEntities(t.db);
      const login = await t.request({
        method: 'POST',
        url: '/api/common/login',
        payload: { email: DEMO_PEPPOL_OWNER, password: DEMO_PASSWORD },
      });
      const { token } = login.json<{ token: string }>();
      const list = async (domain: string) =>
        (
          await t.request({ method: 'GET', url: `/api/peppol/${domain}/legal-entities`, token })
        ).json<{ identifierValue: string; smpEnabled: boolean }[]>();
      expect((await list('it')).map((entity) => entity.identifierValue).sort()).toEqual([
        'IT09753108647',
        'UFDEMO',
      ]);
      expect((await list('be')).map((entity) => entity.smpEnabled)).toEqual([true]);
      const group = await t.request({
        method: 'GET',
        url: '/api/peppol/smp/iso6523-actorid-upis%3A%3A0208%3A0123456749',
      });
      expect(group.statusCode).toBe(200);
      expect(group.body).toContain(
        encodeURIComponent(`busdox-docid-qns::${BIS_BILLING.creditNote}`),
      );

      // A client of the real network: the SML's NAPTR record of the hashed name, then the SMP.
      const host = smlHostName('0211:IT09753108647', SANDBOX_SML_ZONE);
      const dns = await t.request({
        method: 'GET',
        url: `/api/peppol/sml/resolve?name=${host}&type=NAPTR`,
      });
      const answer = dns.json<{ Status: number; Answer: { data: string }[] }>();
      expect(answer.Status).toBe(0);
      const smpUrl = /!\^\.\*\$!([^!]+)!/.exec(answer.Answer[0]!.data)?.[1];
      expect(smpUrl).toBe('https://fiscus.test/api/peppol/smp');
      const viaSml = await t.request({
        method: 'GET',
        url: new URL(serviceGroupUrl(smpUrl!, '0211:IT09753108647')).pathname,
      });
      expect(viaSml.statusCode).toBe(200);
      const nobody = smlHostName('0208:0222222248', SANDBOX_SML_ZONE);
      expect(
        (await t.request({ method: 'GET', url: `/api/peppol/sml/resolve?name=${nobody}` })).json(),
      ).toMatchObject({ Status: 3 });

      // The Directory finds it by name, with its document types.
      const found = await t.request({
        method: 'GET',
        url: '/api/peppol/directory/search/1.0/json?q=gamma',
      });
      expect(found.json()).toMatchObject({
        'total-result-count': 1,
        matches: [
          {
            participantID: { scheme: 'iso6523-actorid-upis', value: '0211:IT09753108647' },
            entities: [{ name: [{ name: 'GAMMA PEPPOL SRL' }], countryCode: 'IT' }],
          },
        ],
      });
      // BIS Billing invoice and credit note, and NSO orders.
      expect(found.json().matches[0].docTypes).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
