import type { Allegati } from '../model/index.ts';
import { textOf, type Loose } from './loose-model.ts';
import { base64DecodedSize, formatByteSize } from './number-format.ts';
import type { RenderContext } from './render-context.ts';
import type { Section } from './rendered-document.ts';

/** Embedded attachments: listed with their decoded size, never shown or decoded themselves. */
export function attachmentsSection(
  attachments: Loose<Allegati>[],
  ctx: RenderContext,
): Section | undefined {
  if (attachments.length === 0) return undefined;
  const { labels } = ctx;
  return {
    kind: 'table',
    title: labels.attachments,
    columns: [
      { label: labels.attachmentName, align: 'left', weight: 4 },
      { label: labels.attachmentFormat, align: 'left', weight: 1.5 },
      { label: labels.description, align: 'left', weight: 5 },
      { label: labels.attachmentCompression, align: 'left', weight: 2 },
      { label: labels.attachmentSize, align: 'right', weight: 3 },
    ],
    rows: attachments.map((attachment) => [
      { text: textOf(attachment.nome_attachment) },
      { text: textOf(attachment.formato_attachment) },
      { text: textOf(attachment.descrizione_attachment) },
      { text: textOf(attachment.algoritmo_compressione) },
      { text: formatByteSize(base64DecodedSize(textOf(attachment.attachment)), ctx.lang) },
    ]),
  };
}
