import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { PreservedDocumentRow } from '../../db/schema/index.ts';

/**
 * The deposit receipt as a printable PDF (the console downloads it with `Accept: application/pdf`).
 * Same facts as the XML receipt; the fingerprint is recomputed from the stored original, so the
 * PDF cannot drift from the file it certifies.
 */
export function depositReceiptPdf(document: PreservedDocumentRow): Promise<Buffer> {
  const digest = createHash('sha256').update(document.originalDocument, 'utf8').digest('base64');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: 'Rapporto di versamento' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(18).text('Rapporto di versamento');
  pdf.font('Helvetica').fontSize(10).fillColor('#5b6773').text('Deposit receipt (legal storage)');
  pdf.moveDown(1.5).fillColor('#1d2329');
  const rows: [string, string][] = [
    ['Identificativo pacchetto', document.preservedObjectId ?? ''],
    ['Data e ora di versamento (UTC)', document.receiptReceivedAt?.toISOString() ?? ''],
    ['Soggetto (partita IVA / codice fiscale)', document.fiscalId ?? ''],
    ['Tipo documento', document.documentType],
    ['Nome file', document.originalFilename],
    ['Dimensione (byte)', String(document.weight)],
    ['Impronta SHA-256 (base64)', digest],
    ['Esito', 'POSITIVO'],
  ];
  for (const [label, value] of rows) {
    pdf.font('Helvetica-Bold').fontSize(9).text(label);
    pdf
      .font('Helvetica')
      .fontSize(11)
      .text(value || '-')
      .moveDown(0.6);
  }
  pdf.end();
  return done;
}
