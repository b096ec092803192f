import PDFDocument from 'pdfkit';
import { romeDateTimeText } from '../ade-receipts/rome-clock.ts';
import type { TsSandboxFile } from './sandbox-store.ts';
import type { TsFileOutcome, TsOutcomeCode } from './sistema-ts-gateway.ts';

/**
 * The receipt (ricevuta) of a processed file, as Sistema TS gives it for download by protocol:
 * the protocol, when the file was received and processed, the owner, the file's outcome and its
 * counts, then each document with its outcome and messages. The citizen's fiscal code is not
 * printed (Sistema TS receives it encrypted and never shows it back). A4, Italian.
 */

const OUTCOME_TEXT: Record<TsOutcomeCode, string> = {
  0: '0 - Elaborazione completata: documenti accettati',
  1: '1 - File scartato: nessun documento accettato',
  2: '2 - Elaborazione completata con segnalazioni',
};
const DOCUMENT_OUTCOME: Record<TsOutcomeCode, string> = {
  0: 'Accettato',
  1: 'Scartato',
  2: 'Accettato con segnalazioni',
};

const romeTime = (instant: Date) => romeDateTimeText(instant, true);

function italianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** Euro with a decimal comma and thousands dots, from the 2-decimal text (never a float). */
function euro(amount: string): string {
  const [whole = '0', decimals = '00'] = amount.split('.');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3)
    groups.unshift(whole.slice(Math.max(0, end - 3), end));
  return `${groups.join('.')},${decimals.padEnd(2, '0')}`;
}

export function sistemaTsReceiptPdf(file: TsSandboxFile, outcome: TsFileOutcome): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Ricevuta Sistema TS protocollo ${file.protocol}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = 50;
  const width = pdf.page.width - 100;
  const field = (label: string, value: string) => {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').fontSize(10).text(label, left, y, { width: 200 });
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(value, left + 210, y, { width: width - 210 });
    pdf.x = left;
  };

  pdf.font('Helvetica-Bold').fontSize(15).text('Sistema Tessera Sanitaria', { align: 'center' });
  pdf
    .font('Helvetica')
    .fontSize(11)
    .text('Ricevuta di trasmissione dei dati delle spese sanitarie (730 precompilato)', {
      align: 'center',
    });
  pdf.moveDown(1.5);
  const counts = [0, 1, 2].map(
    (code) => outcome.documents.filter((document) => document.outcome === code).length,
  );
  field('Protocollo', file.protocol);
  field('Codice fiscale del proprietario', file.ownerFiscalCode);
  field(
    'Tipo di operazione',
    file.operation === 'delete' ? 'Cancellazione (C)' : 'Inserimento (I)',
  );
  field('Ricevuto il', romeTime(file.receivedAt));
  field('Elaborato il', romeTime(outcome.processedAt));
  field('Esito', OUTCOME_TEXT[outcome.outcome]);
  field('Documenti ricevuti', String(outcome.documents.length));
  field('Documenti accettati', String(counts[0] ?? 0));
  field('Documenti accettati con segnalazioni', String(counts[2] ?? 0));
  field('Documenti scartati', String(counts[1] ?? 0));
  pdf.moveDown(1.5);
  pdf.font('Helvetica-Bold').fontSize(11).text('Dettaglio dei documenti', left);
  pdf.moveDown(0.5);
  outcome.documents.forEach((result, index) => {
    const document = file.documents[index];
    if (!document) return;
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(
        `${index + 1}. Documento ${document.documentType === 'D' ? 'commerciale' : 'fattura'} n. ${document.documentNumber} del ${italianDate(document.documentDate)}`,
        left,
      );
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(
        `Tipo spesa ${document.expenseType} · importo € ${euro(document.amount)} · pagamento ${document.paymentTracked ? 'tracciato' : 'non tracciato'}${document.opposition ? ' · opposizione del cittadino' : ''}`,
        left,
      )
      .text(`Esito: ${DOCUMENT_OUTCOME[result.outcome]}`, left);
    for (const entry of result.messages) {
      pdf.text(
        `${entry.type === 'error' ? 'Errore' : 'Segnalazione'} ${entry.code}: ${entry.description}`,
        left + 12,
        pdf.y,
        { width: width - 12 },
      );
    }
    pdf.moveDown(0.6);
  });
  pdf.end();
  return done;
}
