import { XmlElement } from 'libxml2-wasm';
import type {
  ErroreSdi,
  ParsedSdiMessage,
  RiferimentoArchivio,
  RiferimentoFattura,
} from './message-types.ts';
import { MESSAGGI_FATTURA_NAMESPACE, MESSAGGI_NAMESPACE } from './message-types.ts';
import type { SdiMessageType } from './notification-file-name.ts';
import { withParsedXml } from './safe-xml-parse.ts';
import { SdiMessageError } from './sdi-message-error.ts';
import { XMLDSIG_NAMESPACE } from './xmldsig-algorithms.ts';

/** Root elements of both schemas and the notification type each one is. */
const ROOT_TYPES: Record<string, SdiMessageType> = {
  RicevutaConsegna: 'RC',
  NotificaScarto: 'NS',
  RicevutaScarto: 'NS',
  NotificaMancataConsegna: 'MC',
  RicevutaImpossibilitaRecapito: 'MC',
  NotificaEsito: 'NE',
  NotificaDecorrenzaTermini: 'DT',
  AttestazioneTrasmissioneFattura: 'AT',
  NotificaEsitoCommittente: 'EC',
  ScartoEsitoCommittente: 'SE',
  MetadatiInvioFile: 'MT',
  FileMetadati: 'MT',
};

function childElements(element: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let node = element.firstChild; node; node = node.next) {
    if (node instanceof XmlElement) children.push(node);
  }
  return children;
}

/**
 * The message's fields are unqualified children, read by local name (first one wins). Files
 * written with a default namespace put the fields in the message namespace: those count too.
 */
class Fields {
  private readonly byName = new Map<string, XmlElement>();

  constructor(
    private readonly node: XmlElement,
    private readonly fieldNamespace: string,
  ) {
    for (const child of childElements(node)) {
      if (this.isField(child) && !this.byName.has(child.name)) this.byName.set(child.name, child);
    }
  }

  private isField(child: XmlElement): boolean {
    return child.namespaceUri === '' || child.namespaceUri === this.fieldNamespace;
  }

  /** Trimmed text of a child; undefined when absent or empty (`<Note/>`). */
  text(name: string): string | undefined {
    const value = this.byName.get(name)?.content.trim();
    return value ? value : undefined;
  }

  nested(name: string): Fields | undefined {
    const element = this.byName.get(name);
    return element ? new Fields(element, this.fieldNamespace) : undefined;
  }

  /** Every child field called `name` (repeated elements such as Errore). */
  all(name: string): Fields[] {
    return childElements(this.node)
      .filter((child) => child.name === name && this.isField(child))
      .map((child) => new Fields(child, this.fieldNamespace));
  }
}

function riferimentoFattura(fields: Fields | undefined): RiferimentoFattura | undefined {
  const numeroFattura = fields?.text('NumeroFattura');
  const annoFattura = fields?.text('AnnoFattura');
  if (!fields || numeroFattura === undefined || annoFattura === undefined) return undefined;
  const posizioneFattura = fields.text('PosizioneFattura');
  return { numeroFattura, annoFattura, ...(posizioneFattura ? { posizioneFattura } : {}) };
}

function riferimentoArchivio(fields: Fields | undefined): RiferimentoArchivio | undefined {
  const identificativoSdi = fields?.text('IdentificativoSdI');
  const nomeFile = fields?.text('NomeFile');
  return identificativoSdi && nomeFile ? { identificativoSdi, nomeFile } : undefined;
}

function listaErrori(fields: Fields): ErroreSdi[] {
  return (fields.nested('ListaErrori')?.all('Errore') ?? []).map((item) => {
    const suggerimento = item.text('Suggerimento');
    return {
      codice: item.text('Codice') ?? '',
      descrizione: item.text('Descrizione') ?? '',
      ...(suggerimento ? { suggerimento } : {}),
    };
  });
}

/** Drops undefined members so parsed objects compare and serialise cleanly. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function required(value: string | undefined, name: string, rootName: string): string {
  if (value === undefined) {
    throw new SdiMessageError('missing-field', `${rootName} without ${name}`);
  }
  return value;
}

/**
 * Reads any SDI message: the MessaggiTypes ones (RC, NS, MC, NE, DT, AT, EC, SE, MT) and the
 * MessaggiFatturaTypes receipts SDI sends by PEC (RicevutaConsegna, RicevutaScarto,
 * RicevutaImpossibilitaRecapito, FileMetadati), whatever namespace prefix they use. Throws
 * `SdiMessageError` for anything else (garbage, DOCTYPE, unknown root, missing identifier).
 */
export function parseSdiMessage(xml: string | Uint8Array): ParsedSdiMessage {
  return withParsedXml(xml, (document) => {
    const root = document.root;
    const namespace = root.namespaceUri;
    const type = ROOT_TYPES[root.name];
    // Files that lost their namespace are still recognisable by their root element.
    const knownNamespace =
      namespace === MESSAGGI_NAMESPACE ||
      namespace === MESSAGGI_FATTURA_NAMESPACE ||
      namespace === '';
    if (!type || !knownNamespace) {
      throw new SdiMessageError(
        'unknown-message',
        `Not an SDI message: root element {${namespace}}${root.name}`,
      );
    }
    const fields = new Fields(root, namespace);
    const identificativoSdi = required(
      fields.text('IdentificativoSdI'),
      'IdentificativoSdI',
      root.name,
    );

    const destinatarioFields = fields.nested('Destinatario');
    const codiceDestinatario = destinatarioFields?.text('Codice');
    const destinatarioDescrizione = destinatarioFields?.text('Descrizione');

    let esitoCommittente: ParsedSdiMessage['esitoCommittente'];
    const esitoSource =
      type === 'NE' ? fields.nested('EsitoCommittente') : type === 'EC' ? fields : undefined;
    if (esitoSource) {
      const identificativo = esitoSource.text('IdentificativoSdI');
      const reference = riferimentoFattura(esitoSource.nested('RiferimentoFattura'));
      esitoCommittente = compact({
        identificativoSdi: identificativo,
        riferimentoFattura: reference,
        esito: required(esitoSource.text('Esito'), 'Esito', root.name),
        descrizione: esitoSource.text('Descrizione'),
        messageIdCommittente: esitoSource.text('MessageIdCommittente'),
      });
    }

    const signed = childElements(root).some(
      (child) => child.name === 'Signature' && child.namespaceUri === XMLDSIG_NAMESPACE,
    );

    return compact<ParsedSdiMessage>({
      type,
      rootElement: root.name,
      schema: namespace === MESSAGGI_FATTURA_NAMESPACE ? 'MessaggiFatturaTypes' : 'MessaggiTypes',
      identificativoSdi,
      nomeFile: fields.text('NomeFile'),
      hash: fields.text('Hash') ?? fields.text('HashFileOriginale'),
      dataOraRicezione: fields.text('DataOraRicezione'),
      dataOraConsegna: fields.text('DataOraConsegna'),
      dataMessaADisposizione: fields.text('DataMessaADisposizione'),
      destinatario: codiceDestinatario
        ? compact({ codice: codiceDestinatario, descrizione: destinatarioDescrizione })
        : undefined,
      riferimentoArchivio: riferimentoArchivio(fields.nested('RiferimentoArchivio')),
      riferimentoFattura:
        type === 'EC' ? undefined : riferimentoFattura(fields.nested('RiferimentoFattura')),
      listaErrori: listaErrori(fields),
      esitoCommittente,
      // In an EC the Descrizione belongs to the esito, reported there.
      descrizione: type === 'EC' ? undefined : fields.text('Descrizione'),
      messageId: fields.text('MessageId'),
      messageIdCommittente: type === 'EC' ? undefined : fields.text('MessageIdCommittente'),
      pecMessageId: fields.text('PecMessageId'),
      note: fields.text('Note'),
      codiceDestinatario: fields.text('CodiceDestinatario'),
      formato: fields.text('Formato'),
      tentativiInvio: fields.text('TentativiInvio'),
      scarto: type === 'SE' ? required(fields.text('Scarto'), 'Scarto', root.name) : undefined,
      signed,
    });
  });
}
