import { createHash, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAttestazioneTrasmissioneFattura,
  buildMetadatiInvioFile,
  buildNotificaDecorrenzaTermini,
  buildNotificaEsito,
  buildNotificaMancataConsegna,
  buildNotificaScarto,
  buildRicevutaConsegna,
  buildSdiMessage,
  createSdiSigner,
  createSelfSignedSdiCertificate,
  parseSdiMessage,
  SdiMessageError,
  toNotificationJson,
  validateSdiMessage,
  verifySdiMessage,
  type BuiltSdiMessage,
  type SdiMessageInput,
  type SdiSigner,
} from './index.ts';

const received = new Date('2026-11-22T09:15:00Z');
const delivered = new Date('2026-11-22T09:16:30.250Z');
const invoiceXml = '<?xml version="1.0"?><p:FatturaElettronica versione="FPR12"/>';

const inputs: SdiMessageInput[] = [
  {
    type: 'RC',
    identificativoSdi: '123456789012',
    nomeFile: 'IT01234567890_00001.xml',
    dataOraRicezione: received,
    dataOraConsegna: delivered,
    destinatario: { codice: 'ABC1234', descrizione: 'DITTA BETA' },
    messageId: '1269788243',
    note: 'Consegnata',
  },
  {
    type: 'NS',
    identificativoSdi: '4711',
    nomeFile: 'IT01234567890_00002.xml.p7m',
    dataOraRicezione: received,
    riferimentoArchivio: { identificativoSdi: '4700', nomeFile: 'IT01234567890_00002.zip' },
    listaErrori: [
      { codice: '00404', descrizione: 'Fattura duplicata' },
      { codice: '00305', descrizione: '1.4.1.1.2 <IdCodice> non valido' },
    ],
    messageId: '77',
  },
  {
    type: 'MC',
    identificativoSdi: '4712',
    nomeFile: 'IT01234567890_00003.xml',
    dataOraRicezione: received,
    descrizione: 'Impossibile recapitare la fattura al destinatario',
    messageId: '78',
  },
  {
    type: 'NE',
    identificativoSdi: '4713',
    nomeFile: 'IT01234567890_00004.xml',
    esitoCommittente: {
      esito: 'EC02',
      descrizione: 'Importo errato',
      riferimentoFattura: {
        numeroFattura: 'FT/2026/1',
        annoFattura: '2026',
        posizioneFattura: '1',
      },
      messageIdCommittente: '555',
    },
    messageId: '79',
  },
  {
    type: 'DT',
    identificativoSdi: '4714',
    nomeFile: 'IT01234567890_00005.xml',
    descrizione: 'Decorsi i termini',
    messageId: '80',
  },
  {
    type: 'AT',
    identificativoSdi: '4715',
    nomeFile: 'IT01234567890_00006.xml',
    dataOraRicezione: received,
    destinatario: { codice: 'AAAAAA', descrizione: 'Pubblica Amministrazione di prova' },
    originalFile: invoiceXml,
    messageId: '81',
  },
];

/** Child element names of the root, in document order. */
function rootChildren(xml: string): string[] {
  const body = xml.slice(xml.indexOf('>', xml.indexOf('<types:')) + 1);
  return [...body.matchAll(/^ {2}<([\w:]+)/gm)].map((match) => match[1] ?? '');
}

let keyPem: string;
let certificatePem: string;
let signer: SdiSigner;
let keyValueSigner: SdiSigner;

beforeAll(() => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  keyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  certificatePem = createSelfSignedSdiCertificate(keyPem);
  signer = createSdiSigner(keyPem, certificatePem);
  keyValueSigner = createSdiSigner(keyPem);
});

describe('SDI message builders', () => {
  it.each(inputs.map((input) => [input.type, input] as const))(
    '%s validates against MessaggiTypes_v1.1.xsd and verifies',
    (_type, input) => {
      const built = buildSdiMessage(input, { signer, progressivo: 3 });
      expect(validateSdiMessage(built.xml)).toEqual({ valid: true, errors: [] });
      const verification = verifySdiMessage(built.xml, { publicKey: signer.publicKeyPem });
      expect(verification.valid).toBe(true);
      const withEmbeddedCertificate = verifySdiMessage(built.xml);
      expect(withEmbeddedCertificate).toMatchObject({
        valid: true,
        certificate: { subject: expect.stringContaining('Sistema Interscambio Fattura PA') },
      });
      expect(built.fileName).toBe(
        `${input.nomeFile.replace(/\.xml(\.p7m)?$/, '')}_${input.type}_003.xml`,
      );
      expect(parseSdiMessage(built.xml)).toMatchObject({
        type: input.type,
        schema: 'MessaggiTypes',
        identificativoSdi: input.identificativoSdi,
        messageId: input.messageId,
        signed: true,
      });
    },
  );

  it('signs with an RSA key value in KeyInfo when no certificate is given', () => {
    const built = buildSdiMessage(inputs[0] as SdiMessageInput, { signer: keyValueSigner });
    expect(built.xml).toContain('<ds:RSAKeyValue>');
    expect(built.xml).not.toContain('X509Certificate');
    expect(validateSdiMessage(built.xml).valid).toBe(true);
    expect(verifySdiMessage(built.xml)).toEqual({ valid: true });
  });

  it('writes the RC root as SDI does, elements in schema order, dates in Rome time', () => {
    const built = buildRicevutaConsegna(
      {
        ...(inputs[0] as Extract<SdiMessageInput, { type: 'RC' }>),
        intermediarioConDupliceRuolo: true,
      },
      { signer },
    );
    expect(
      built.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<types:RicevutaConsegna'),
    ).toBe(true);
    expect(built.xml).toContain('IntermediarioConDupliceRuolo="Si" versione="1.0"');
    expect(rootChildren(built.xml)).toEqual([
      'IdentificativoSdI',
      'NomeFile',
      'DataOraRicezione',
      'DataOraConsegna',
      'Destinatario',
      'MessageId',
      'Note',
      'ds:Signature',
    ]);
    expect(built.xml).toContain(
      '<DataOraRicezione>2026-11-22T10:15:00.000+01:00</DataOraRicezione>',
    );
    expect(built.xml).toContain('<DataOraConsegna>2026-11-22T10:16:30.250+01:00</DataOraConsegna>');
    expect(built.fileName).toBe('IT01234567890_00001_RC_001.xml');
  });

  it('puts HashFileOriginale last before the signature, as the SHA-256 of the sent file', () => {
    const input = inputs[5] as Extract<SdiMessageInput, { type: 'AT' }>;
    const built = buildAttestazioneTrasmissioneFattura(input, { signer });
    const expected = createHash('sha256').update(invoiceXml).digest('hex');
    expect(built.xml).toContain(`<HashFileOriginale>${expected}</HashFileOriginale>`);
    expect(rootChildren(built.xml).slice(-2)).toEqual(['HashFileOriginale', 'ds:Signature']);
    expect(toNotificationJson(built.xml).hash).toBe(expected);
  });

  it('turns an NS into the notification JSON with the error list', () => {
    const built = buildNotificaScarto(inputs[1] as Extract<SdiMessageInput, { type: 'NS' }>, {
      signer,
    });
    expect(toNotificationJson(built.xml)).toMatchObject({
      identificativo_sdi: '4711',
      nome_file: 'IT01234567890_00002.xml.p7m',
      data_ora_ricezione: '2026-11-22T10:15:00.000+01:00',
      riferimento_archivio: { identificativo_sdi: '4700', nome_file: 'IT01234567890_00002.zip' },
      lista_errori: [
        { Codice: '00404', Descrizione: 'Fattura duplicata', Suggerimento: null },
        { Codice: '00305', Descrizione: '1.4.1.1.2 <IdCodice> non valido', Suggerimento: null },
      ],
      message_id: '77',
    });
  });

  it('carries the esito of an NE (EC02 refused) into esito_committente', () => {
    const built = buildNotificaEsito(inputs[3] as Extract<SdiMessageInput, { type: 'NE' }>, {
      signer,
    });
    expect(built.xml).toContain('<EsitoCommittente versione="1.0">');
    expect(toNotificationJson(built.xml).esito_committente).toEqual({
      esito: 'EC02',
      descrizione: 'Importo errato',
      identificativo_sdi: '4713',
      riferimento_fattura: {
        numero_fattura: 'FT/2026/1',
        anno_fattura: '2026',
        posizione_fattura: '1',
      },
      message_id_committente: '555',
    });
  });

  it('builds MC and DT with their descriptions', () => {
    const mc = buildNotificaMancataConsegna(inputs[2] as Extract<SdiMessageInput, { type: 'MC' }>, {
      signer,
    });
    expect(toNotificationJson(mc.xml).descrizione).toBe(
      'Impossibile recapitare la fattura al destinatario',
    );
    const dt = buildNotificaDecorrenzaTermini(
      inputs[4] as Extract<SdiMessageInput, { type: 'DT' }>,
      { signer },
    );
    expect(toNotificationJson(dt.xml)).toMatchObject({
      descrizione: 'Decorsi i termini',
      message_id: '80',
    });
  });

  it('builds the unsigned MetadatiInvioFile SDI sends the recipient with the invoice', () => {
    const mt = buildMetadatiInvioFile(
      {
        identificativoSdi: '4716',
        nomeFile: 'IT01234567890_FPR01.xml',
        codiceDestinatario: 'ABC1234',
        formato: 'FPR12',
        messageId: '82',
      },
      { progressivo: 1 },
    );
    expect(mt.fileName).toBe('IT01234567890_FPR01_MT_001.xml');
    expect(mt.xml).not.toContain('ds:Signature');
    expect(validateSdiMessage(mt.xml)).toEqual({ valid: true, errors: [] });
    expect(toNotificationJson(mt.xml)).toMatchObject({
      identificativo_sdi: '4716',
      codice_destinatario: 'ABC1234',
      formato: 'FPR12',
      tentativi_invio: '1',
      message_id: '82',
    });
    expect(() =>
      buildMetadatiInvioFile({
        identificativoSdi: '1',
        nomeFile: 'IT01234567890_FPR01.xml',
        codiceDestinatario: 'abc',
        formato: 'FPR12',
      }),
    ).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });

  it('escapes markup in free text and keeps the message valid', () => {
    const built = buildRicevutaConsegna(
      {
        ...(inputs[0] as Extract<SdiMessageInput, { type: 'RC' }>),
        destinatario: { codice: 'ABC1234', descrizione: 'A & B <srl> "x"' },
        note: ']]> <!-- è',
      },
      { signer },
    );
    expect(validateSdiMessage(built.xml).valid).toBe(true);
    expect(verifySdiMessage(built.xml).valid).toBe(true);
    expect(toNotificationJson(built.xml)).toMatchObject({
      destinatario: { codice: 'ABC1234', descrizione: 'A & B <srl> "x"' },
      note: ']]> <!-- è',
    });
  });

  it('cuts error descriptions to the 255 characters the schema allows', () => {
    const built = buildNotificaScarto(
      {
        ...(inputs[1] as Extract<SdiMessageInput, { type: 'NS' }>),
        listaErrori: [{ codice: '00313', descrizione: 'x'.repeat(400) }],
      },
      { signer },
    );
    expect(validateSdiMessage(built.xml).valid).toBe(true);
    expect(toNotificationJson(built.xml).lista_errori[0]?.Descrizione).toHaveLength(255);
  });

  it('gives every message its own random numeric MessageId when none is given', () => {
    const { messageId: _omitted, ...input } = inputs[2] as Extract<SdiMessageInput, { type: 'MC' }>;
    const first: BuiltSdiMessage = buildNotificaMancataConsegna(input, { signer });
    const second = buildNotificaMancataConsegna(input, { signer });
    expect(first.messageId).toMatch(/^\d{10}$/);
    expect(first.messageId).not.toBe(second.messageId);
    expect(parseSdiMessage(first.xml).messageId).toBe(first.messageId);
  });

  it.each([
    ['an IdentificativoSdI that is not 1-12 digits', { identificativoSdi: '12a' }],
    ['an IdentificativoSdI of 13 digits', { identificativoSdi: '1234567890123' }],
    ['a MessageId longer than 14 characters', { messageId: '123456789012345' }],
    ['a file name longer than 50 characters', { nomeFile: `${'I'.repeat(47)}.xml` }],
    ['an error code that is not 5 digits', { listaErrori: [{ codice: '404', descrizione: 'x' }] }],
    ['an empty error list', { listaErrori: [] }],
  ])('refuses %s with a typed error', (_label, override) => {
    const input = { ...(inputs[1] as Extract<SdiMessageInput, { type: 'NS' }>), ...override };
    expect(() => buildNotificaScarto(input, { signer })).toThrow(
      expect.objectContaining({ name: 'SdiMessageError', code: 'invalid-input' }),
    );
  });

  it('refuses a lowercase recipient code and an unknown esito', () => {
    expect(() =>
      buildRicevutaConsegna(
        {
          ...(inputs[0] as Extract<SdiMessageInput, { type: 'RC' }>),
          destinatario: { codice: 'abc1234', descrizione: 'x' },
        },
        { signer },
      ),
    ).toThrow(SdiMessageError);
    const ne = inputs[3] as Extract<SdiMessageInput, { type: 'NE' }>;
    expect(() =>
      buildNotificaEsito(
        { ...ne, esitoCommittente: { ...ne.esitoCommittente, esito: 'EC03' as 'EC01' } },
        { signer },
      ),
    ).toThrow(expect.objectContaining({ code: 'invalid-input' }));
  });
});

describe('tampering', () => {
  let signed: string;
  beforeAll(() => {
    signed = buildNotificaScarto(inputs[1] as Extract<SdiMessageInput, { type: 'NS' }>, {
      signer,
    }).xml;
  });

  it('one character changed in the content breaks the digest', () => {
    const tampered = signed.replace('<Codice>00404</Codice>', '<Codice>00405</Codice>');
    expect(tampered).not.toBe(signed);
    expect(verifySdiMessage(tampered)).toEqual({
      valid: false,
      reason: 'Digest mismatch for Reference URI=""',
    });
  });

  it('one character changed in whitespace between elements breaks the digest', () => {
    const tampered = signed.replace('  <NomeFile>', ' <NomeFile>');
    expect(verifySdiMessage(tampered).valid).toBe(false);
  });

  it('a changed DigestValue or SignatureValue breaks the signature', () => {
    const digest = /<ds:DigestValue>(.)/.exec(signed)?.[1] ?? 'A';
    const otherDigestChar = digest === 'A' ? 'B' : 'A';
    const badDigest = signed.replace(
      `<ds:DigestValue>${digest}`,
      `<ds:DigestValue>${otherDigestChar}`,
    );
    expect(verifySdiMessage(badDigest).valid).toBe(false);
    const value = /<ds:SignatureValue>(.)/.exec(signed)?.[1] ?? 'A';
    const otherValueChar = value === 'A' ? 'B' : 'A';
    const badValue = signed.replace(
      `<ds:SignatureValue>${value}`,
      `<ds:SignatureValue>${otherValueChar}`,
    );
    expect(verifySdiMessage(badValue)).toEqual({
      valid: false,
      reason: 'Signature value does not match SignedInfo',
    });
  });

  it('a message re-signed with another key fails against the pinned SDI key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forger = createSdiSigner(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    const forged = buildNotificaScarto(inputs[1] as Extract<SdiMessageInput, { type: 'NS' }>, {
      signer: forger,
    }).xml;
    expect(verifySdiMessage(forged).valid).toBe(true);
    expect(verifySdiMessage(forged, { publicKey: certificatePem })).toEqual({
      valid: false,
      reason: 'Signature value does not match SignedInfo',
    });
  });

  it('a message with its signature removed is neither signed nor schema-valid', () => {
    const unsigned = signed.replace(/\s*<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    expect(verifySdiMessage(unsigned)).toEqual({
      valid: false,
      reason: 'The message is not signed',
    });
    expect(validateSdiMessage(unsigned).valid).toBe(false);
  });
});

describe('createSdiSigner', () => {
  it('refuses non-RSA keys, unreadable PEM and a certificate of another key', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(() => createSdiSigner(ec.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(
      expect.objectContaining({ code: 'unsupported-key' }),
    );
    expect(() => createSdiSigner('not a key')).toThrow(
      expect.objectContaining({ code: 'unsupported-key' }),
    );
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const otherCertificate = createSelfSignedSdiCertificate(
      other.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    expect(() => createSdiSigner(keyPem, otherCertificate)).toThrow(
      expect.objectContaining({ code: 'unsupported-key' }),
    );
  });

  it('refuses to sign an already signed message', () => {
    const built = buildRicevutaConsegna(inputs[0] as Extract<SdiMessageInput, { type: 'RC' }>, {
      signer,
    });
    expect(() => signer.sign(built.xml)).toThrow(
      expect.objectContaining({ code: 'invalid-input' }),
    );
  });
});
