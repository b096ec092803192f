import { generateKeyPairSync } from 'node:crypto';
import { createSdiSigner, verifySdiMessage } from '@fiscus/sdi-messages';
import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { BIS_BILLING } from './document-types.ts';
import {
  ADDRESSING_NAMESPACE,
  IDENTIFIERS_NAMESPACE,
  serviceGroupUrl,
  serviceGroupXml,
  serviceMetadataUrl,
  signedServiceMetadataXml,
  SMP_NAMESPACE,
} from './smp.ts';

const namespaces = { smp: SMP_NAMESPACE, id: IDENTIFIERS_NAMESPACE, wsa: ADDRESSING_NAMESPACE };
const BASE = 'https://smp.sandbox.test/';
const PARTICIPANT = '0208:0202239951';

function read(xml: string, paths: string[]): string[] {
  const document = XmlDocument.fromString(xml);
  try {
    return paths.map((path) => {
      const nodes = document.find(path, namespaces);
      return nodes.map((node) => ('content' in node ? node.content : '')).join('|');
    });
  } finally {
    document.dispose();
  }
}

describe('the SMP’s XML', () => {
  it('addresses a participant and its document types as the SMP specification encodes them', () => {
    expect(serviceGroupUrl(BASE, '0088:123abc')).toBe(
      'https://smp.sandbox.test/iso6523-actorid-upis%3A%3A0088%3A123abc',
    );
    expect(serviceMetadataUrl(BASE, '0088:123abc', BIS_BILLING.invoice)).toBe(
      'https://smp.sandbox.test/iso6523-actorid-upis%3A%3A0088%3A123abc/services/busdox-docid-qns%3A%3Aurn%3Aoasis%3Anames%3Aspecification%3Aubl%3Aschema%3Axsd%3AInvoice-2%3A%3AInvoice%23%23urn%3Acen.eu%3Aen16931%3A2017%23compliant%23urn%3Afdc%3Apeppol.eu%3A2017%3Apoacc%3Abilling%3A3.0%3A%3A2.1',
    );
  });

  it('lists a participant’s document types in its ServiceGroup', () => {
    const xml = serviceGroupXml({
      smpBaseUrl: BASE,
      participantId: PARTICIPANT,
      documentTypes: [BIS_BILLING.invoice, BIS_BILLING.creditNote],
    });
    const [participant, scheme, references] = read(xml, [
      '/smp:ServiceGroup/id:ParticipantIdentifier',
      '/smp:ServiceGroup/id:ParticipantIdentifier/@scheme',
      '/smp:ServiceGroup/smp:ServiceMetadataReferenceCollection/smp:ServiceMetadataReference/@href',
    ]);
    expect(participant).toBe(PARTICIPANT);
    expect(scheme).toBe('iso6523-actorid-upis');
    expect(references?.split('|')).toEqual([
      serviceMetadataUrl(BASE, PARTICIPANT, BIS_BILLING.invoice),
      serviceMetadataUrl(BASE, PARTICIPANT, BIS_BILLING.creditNote),
    ]);
  });

  it('signs a document type’s metadata with its endpoint, and the signature verifies', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signer = createSdiSigner(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    const xml = signedServiceMetadataXml(
      {
        participantId: PARTICIPANT,
        documentType: BIS_BILLING.invoice,
        processes: [
          {
            process: BIS_BILLING.process,
            endpoints: [
              {
                url: 'https://ap.sandbox.test/as4?a=1&b=2',
                certificate: 'MIIBsandbox',
                description: 'Fiscus sandbox access point',
                technicalContactUrl: 'mailto:support@fiscus.test',
                activation: new Date('2026-01-01T00:00:00Z'),
              },
            ],
          },
        ],
      },
      signer,
    );
    const info = '/smp:SignedServiceMetadata/smp:ServiceMetadata/smp:ServiceInformation';
    const endpoint = `${info}/smp:ProcessList/smp:Process/smp:ServiceEndpointList/smp:Endpoint`;
    expect(
      read(xml, [
        `${info}/id:DocumentIdentifier`,
        `${info}/id:DocumentIdentifier/@scheme`,
        `${info}/smp:ProcessList/smp:Process/id:ProcessIdentifier`,
        `${endpoint}/@transportProfile`,
        `${endpoint}/wsa:EndpointReference/wsa:Address`,
        `${endpoint}/smp:ServiceActivationDate`,
      ]),
    ).toEqual([
      BIS_BILLING.invoice,
      'busdox-docid-qns',
      BIS_BILLING.process,
      'peppol-transport-as4-v2_0',
      'https://ap.sandbox.test/as4?a=1&b=2',
      '2026-01-01T00:00:00.000Z',
    ]);
    expect(verifySdiMessage(xml, { publicKey: signer.publicKeyPem })).toMatchObject({
      valid: true,
    });
    // A changed endpoint no longer verifies.
    const tampered = xml.replace('https://ap.sandbox.test/as4', 'https://evil.test/as4');
    expect(verifySdiMessage(tampered, { publicKey: signer.publicKeyPem })).toMatchObject({
      valid: false,
    });
  });
});
