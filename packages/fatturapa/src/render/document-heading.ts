import type { DatiTrasmissione } from '../model/index.ts';
import { describeCode } from './labels.ts';
import { textOf, type Loose } from './loose-model.ts';
import { fiscalIdText } from './party-format.ts';
import type { RenderContext } from './render-context.ts';
import type { RenderedDocument, Section } from './rendered-document.ts';

interface HeadingInput {
  documentType: string | undefined;
  number: string | undefined;
  date: string | undefined;
  currency: string | undefined;
  format: string | undefined;
  index: number;
  count: number;
}

// TD01-TD09 have short names that read well as a title ("Nota di credito"); the integration and
// self-invoice types (TD16-TD29) are long legal phrases, shown in full under a generic title.
const titledTypes = /^TD0[1-9]$/;

/** Title, document type line, headline fields and footer reference of one document. */
export function documentHeading(
  ctx: RenderContext,
  input: HeadingInput,
): Omit<RenderedDocument, 'sections'> {
  const { labels } = ctx;
  const type = textOf(input.documentType);
  const description = describeCode('documentType', type, ctx.lang);
  const title = description && titledTypes.test(type) ? description : labels.invoice;
  const number = textOf(input.number);
  const date = ctx.date(input.date);
  return {
    title,
    documentType: ctx.code('documentType', type),
    headline: ctx.fields([
      [labels.number, number],
      [labels.date, date],
      [labels.currency, textOf(input.currency)],
      [labels.transmissionFormat, ctx.code('formatoTrasmissione', input.format)],
    ]),
    ...(input.count > 1
      ? { position: ctx.fill(labels.bodyOf, { n: input.index + 1, total: input.count }) }
      : {}),
    reference: [title, number, date].filter(Boolean).join(' - '),
  };
}

/** Transmission data: who sent the file and where SDI delivers it. */
export function transmissionSection(
  ctx: RenderContext,
  transmission: Loose<DatiTrasmissione> | undefined,
  issuer: string | undefined,
  extra: [string, string][] = [],
): Section | undefined {
  const { labels } = ctx;
  const fields = ctx.fields([
    [labels.transmitter, fiscalIdText(transmission?.id_trasmittente)],
    [labels.sendingNumber, textOf(transmission?.progressivo_invio)],
    [labels.recipientCode, textOf(transmission?.codice_destinatario)],
    [labels.recipientPec, textOf(transmission?.pec_destinatario)],
    ...extra,
    [labels.issuer, ctx.code('soggettoEmittente', issuer)],
  ]);
  return fields.length > 0 ? { kind: 'fields', title: labels.transmission, fields } : undefined;
}
