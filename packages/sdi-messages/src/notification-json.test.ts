import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSdiMessage, SdiMessageError, toNotificationJson } from './index.ts';

// The shared spec folder sits next to the repository (see packages/fatturapa/test).
const notifications = fileURLToPath(
  new URL('../../../../shared/spec/fatturapa/samples/notifications/', import.meta.url),
);
const official = (type: string): string =>
  readFileSync(`${notifications}IT01234567890_11111_${type}_001.xml`, 'utf8');
const realWorld = (name: string): string =>
  readFileSync(`${notifications}realworld/${name}`, 'utf8');

describe('toNotificationJson on the official AdE samples', () => {
  it('NS: the error list, with capitalised keys and no Suggerimento in MessaggiTypes', () => {
    expect(toNotificationJson(official('NS'))).toEqual({
      identificativo_sdi: '111',
      nome_file: 'IT01234567890_11111.xml.p7m',
      hash: null,
      data_ora_ricezione: '2013-06-06T12:00:00Z',
      data_ora_consegna: null,
      destinatario: null,
      riferimento_archivio: { identificativo_sdi: '100', nome_file: 'IT01234567890_11111.zip' },
      esito_committente: null,
      descrizione: null,
      message_id: '123456',
      pec_message_id: null,
      note: 'Note',
      lista_errori: [
        { Codice: '00100', Descrizione: 'Certificato di firma scaduto', Suggerimento: null },
      ],
    });
  });

  it('RC: receipt and delivery times and the recipient', () => {
    expect(toNotificationJson(official('RC'))).toMatchObject({
      identificativo_sdi: '111',
      data_ora_ricezione: '2013-06-06T12:00:00Z',
      data_ora_consegna: '2013-06-06T12:01:00Z',
      destinatario: { codice: 'AAA111', descrizione: 'Amministrazione di prova' },
      note: 'Esempio',
      lista_errori: [],
    });
  });

  it('MC and DT: their description', () => {
    expect(toNotificationJson(official('MC'))).toMatchObject({
      data_ora_ricezione: '2013-06-06T12:00:00',
      descrizione: 'Notifica di esempio',
      lista_errori: [],
    });
    expect(toNotificationJson(official('DT'))).toMatchObject({
      nome_file: 'IT01234567890_11111.xml.p7m',
      descrizione: 'Notifica di esempio',
      note: 'Esempio',
    });
  });

  it('NE: the esito of the committente', () => {
    expect(toNotificationJson(official('NE'))).toMatchObject({
      note: 'Notifica di esito di esempio',
      esito_committente: {
        esito: 'EC01',
        descrizione: 'Notifica di esempio',
        identificativo_sdi: '111',
        riferimento_fattura: {
          numero_fattura: '1111',
          anno_fattura: '2013',
          posizione_fattura: '2',
        },
        message_id_committente: '123456',
      },
      lista_errori: [],
    });
  });

  it('AT: the hash of the original file and the PA office', () => {
    expect(toNotificationJson(official('AT'))).toMatchObject({
      hash: '2c1f3a240a056d9537a8608fed310812ef7b1b7a410d0152f5c9c9e93486ae44',
      destinatario: { codice: 'AAAAAA', descrizione: 'Pubblica Amministrazione di prova' },
      data_ora_ricezione: '2014-04-01T12:00:00',
    });
  });

  it('EC, SE and MT: the messages exchanged with the recipient', () => {
    expect(toNotificationJson(official('EC'))).toMatchObject({
      esito_committente: {
        esito: 'EC01',
        descrizione: 'Esempio',
        riferimento_fattura: {
          numero_fattura: '1111',
          anno_fattura: '2013',
          posizione_fattura: '2',
        },
        message_id_committente: '123456',
      },
      descrizione: null,
    });
    expect(toNotificationJson(official('SE'))).toMatchObject({
      scarto: 'EN00',
      message_id: '123456',
      message_id_committente: '123456',
    });
    expect(toNotificationJson(official('MT'))).toMatchObject({
      codice_destinatario: 'AAA111',
      formato: 'SDI10',
      tentativi_invio: '1',
    });
  });

  it('parses every sample to its type, unsigned', () => {
    for (const type of ['RC', 'NS', 'MC', 'NE', 'DT', 'AT', 'EC', 'SE', 'MT']) {
      expect(parseSdiMessage(official(type))).toMatchObject({
        type,
        schema: 'MessaggiTypes',
        signed: false,
      });
    }
  });
});

describe('toNotificationJson on real signed SDI files (MessaggiFatturaTypes, ns3: prefix)', () => {
  it('RicevutaConsegna with an empty Destinatario', () => {
    const xml = realWorld('IT03339130126_00009_RC_003.xml');
    expect(parseSdiMessage(xml)).toMatchObject({
      type: 'RC',
      schema: 'MessaggiFatturaTypes',
      signed: true,
    });
    expect(toNotificationJson(xml)).toMatchObject({
      identificativo_sdi: '6782414',
      nome_file: 'IT03339130126_00009.xml',
      data_ora_ricezione: '2018-11-13T16:47:26.000+01:00',
      data_ora_consegna: '2018-11-13T16:47:32.000+01:00',
      destinatario: null,
      message_id: '1269788243',
      lista_errori: [],
    });
  });

  it('RicevutaImpossibilitaRecapito reads as MC', () => {
    const json = toNotificationJson(realWorld('IT14627831002_02621_MC_001.xml'));
    expect(parseSdiMessage(realWorld('IT14627831002_02621_MC_001.xml')).type).toBe('MC');
    expect(json).toMatchObject({
      identificativo_sdi: '141107829',
      hash: '91e8b555478dfe9b2ea8fe6223e63ebcbc15f4f95a123d908de14fdb97228c1f',
      data_messa_a_disposizione: '2019-01-05',
      pec_message_id: 'opec2891.20190104200105.26626.212.1.62@pec.aruba.it',
      note: null,
      lista_errori: [],
    });
    expect(json.descrizione).toMatch(/^La fattura è disponibile in consultazione/);
  });

  it('FileMetadati reads as MT', () => {
    expect(toNotificationJson(realWorld('IT02652600210_00007_MT_002.xml'))).toMatchObject({
      identificativo_sdi: '7339338',
      nome_file: 'IT01234567890_FPR04.xml.p7m',
      formato: 'FPR12',
      tentativi_invio: '1',
      message_id: '1809491993',
    });
  });

  it('RicevutaScarto keeps SDI suggestions', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ns3:RicevutaScarto xmlns:ns3="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fattura/messaggi/v1.0" versione="1.0">
  <IdentificativoSdI>9000</IdentificativoSdI><NomeFile>IT01234567890_00009.xml</NomeFile>
  <Hash>abc</Hash><DataOraRicezione>2026-11-22T10:15:00.000+01:00</DataOraRicezione>
  <ListaErrori>
    <Errore><Codice>00404</Codice><Descrizione>Fattura duplicata</Descrizione><Suggerimento>Verificare che la fattura non sia già stata inviata</Suggerimento></Errore>
    <Errore><Codice>00423</Codice><Descrizione>PrezzoTotale errato</Descrizione><Suggerimento></Suggerimento></Errore>
  </ListaErrori>
  <MessageId>1</MessageId>
</ns3:RicevutaScarto>`;
    expect(parseSdiMessage(xml).type).toBe('NS');
    expect(toNotificationJson(xml).lista_errori).toEqual([
      {
        Codice: '00404',
        Descrizione: 'Fattura duplicata',
        Suggerimento: 'Verificare che la fattura non sia già stata inviata',
      },
      { Codice: '00423', Descrizione: 'PrezzoTotale errato', Suggerimento: null },
    ]);
  });
});

describe('namespace prefixes and encodings', () => {
  it('reads the same message whatever prefix, or a default namespace', () => {
    const expected = toNotificationJson(official('NS'));
    const otherPrefix = official('NS')
      .replace(/types:/g, 'sdi:')
      .replace('xmlns:types', 'xmlns:sdi');
    expect(otherPrefix).toContain('<sdi:NotificaScarto');
    expect(toNotificationJson(otherPrefix)).toEqual(expected);
    const defaultNamespace = official('NS')
      .replace(/types:/g, '')
      .replace('xmlns:types=', 'xmlns=');
    expect(toNotificationJson(defaultNamespace)).toEqual(expected);
  });

  it('reads UTF-8 bytes with a byte-order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(official('RC'))]);
    expect(toNotificationJson(new Uint8Array(bytes)).identificativo_sdi).toBe('111');
  });
});

describe('bad input gets a typed error, never a crash', () => {
  const xxe = `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<types:RicevutaConsegna xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0">
  <IdentificativoSdI>1</IdentificativoSdI><NomeFile>&xxe;</NomeFile>
</types:RicevutaConsegna>`;
  const billionLaughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;

  it.each([
    ['empty input', '', 'empty'],
    ['blank input', ' \n\t ', 'empty'],
    ['plain text', 'garbage, not xml', 'malformed-xml'],
    [
      'unclosed elements',
      '<types:RicevutaConsegna><IdentificativoSdI>1</types:RicevutaConsegna>',
      'malformed-xml',
    ],
    ['an external entity (XXE)', xxe, 'doctype-forbidden'],
    ['entity expansion (billion laughs)', billionLaughs, 'doctype-forbidden'],
    [
      'an unknown root element',
      '<foo><IdentificativoSdI>1</IdentificativoSdI></foo>',
      'unknown-message',
    ],
    [
      'a known root in a foreign namespace',
      '<x:RicevutaConsegna xmlns:x="urn:other"><IdentificativoSdI>1</IdentificativoSdI></x:RicevutaConsegna>',
      'unknown-message',
    ],
    [
      'an invoice instead of a notification',
      '<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR12"/>',
      'unknown-message',
    ],
    [
      'a message without IdentificativoSdI',
      '<types:NotificaScarto xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0"><NomeFile>a.xml</NomeFile></types:NotificaScarto>',
      'missing-field',
    ],
    [
      'an NE without esito',
      '<types:NotificaEsito xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0"><IdentificativoSdI>1</IdentificativoSdI><EsitoCommittente versione="1.0"><IdentificativoSdI>1</IdentificativoSdI></EsitoCommittente></types:NotificaEsito>',
      'missing-field',
    ],
    ['a body over 1 MB', `<a>${'x'.repeat(1024 * 1024)}</a>`, 'too-large'],
  ])('%s', (_label, input, code) => {
    let thrown: unknown;
    try {
      toNotificationJson(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SdiMessageError);
    expect((thrown as SdiMessageError).code).toBe(code);
  });

  it('binary bytes are malformed XML', () => {
    expect(() => toNotificationJson(new Uint8Array([0x30, 0x82, 0x01, 0x00, 0xff, 0xfe]))).toThrow(
      SdiMessageError,
    );
  });
});
