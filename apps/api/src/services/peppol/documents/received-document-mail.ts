import { PEPPOL_COLLECTION_OF_KIND, type PeppolDocumentKind } from '@fiscus/contracts';
import type { PeppolDocumentRow } from '../../../db/schema/index.ts';
import type { Registration } from '../../../gateways/peppol/network.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';

const KIND_WORDS: Record<string, string> = {
  invoice: 'invoice',
  'credit-note': 'credit note',
  order: 'order',
  'order-response': 'order response',
  'despatch-advice': 'despatch advice',
};

/**
 * The mails that tell a legal entity's notification addresses (its
 * `receivedDocumentNotificationEmails`) that a document arrived: who sent what, and the link
 * that opens it in the console's incoming list.
 */
export function receivedDocumentMails(
  document: PeppolDocumentRow,
  receiver: Registration,
  publicUrl: string,
): Mail[] {
  const to = Array.isArray(receiver.notificationEmails)
    ? receiver.notificationEmails.filter((entry): entry is string => typeof entry === 'string')
    : [];
  const kind = KIND_WORDS[document.kind] ?? document.kind;
  const prefix = document.domain === 'be' ? '/peppol-be' : '/peppol';
  const link = `${publicUrl}${prefix}/incoming-${PEPPOL_COLLECTION_OF_KIND[document.kind as PeppolDocumentKind] ?? 'invoices'}?dialogId=document&dialog_uuid=${document.uuid}`;
  const sender = [document.senderName, document.senderId].filter(Boolean).join(', ');
  return to.map((address) => ({
    to: address,
    subject: `Peppol: ${kind} ${document.number} received from ${document.senderName ?? document.senderId ?? 'a sender'}`,
    text: [
      `${receiver.registeredName} received a Peppol ${kind} on the network.`,
      '',
      `Number: ${document.number}`,
      ...(document.documentDate ? [`Date: ${document.documentDate}`] : []),
      `From: ${sender}`,
      `Received: ${document.createdAt.toISOString()}`,
      '',
      `Open it in Fiscus: ${link}`,
    ].join('\n'),
  }));
}
