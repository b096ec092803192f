/**
 * A payment request made from an Italian customer invoice (issue 36): the receive-payment form
 * with the account to be paid on, prefilled with what the invoice still owes and its number, and
 * sent with the invoice's uuid so the payment matches it by itself once paid.
 */
import type { ObAccount, ObBusinessRegistry, ObReceivePayment } from '@fiscus/contracts';
import { z } from 'zod';
import {
  receiveMessages,
  receivePaymentFields,
  refineAmount,
  toReceivePaymentRequest,
} from './receive-payment-form';

/** What the invoice tells the dialog (the invoice feature computes it; `app/` hands it over). */
export interface InvoiceToBePaid {
  invoiceUuid: string;
  invoiceNumber: string | null;
  /** The sender's fiscal ids (fiscal code, VAT number without its country): its registry first. */
  senderFiscalIds: readonly string[];
  /** Decimal string, what is still owed. */
  amountOwed: string;
}

export const invoicePaymentSchema = receivePaymentFields
  .extend({ accountUuid: z.string().min(1, { error: receiveMessages.notBlank }) })
  .superRefine(refineAmount);

export type InvoicePaymentInput = z.input<typeof invoicePaymentSchema>;
export type InvoicePaymentValues = z.output<typeof invoicePaymentSchema>;

/** An account a payer can pay into: enabled, in EUR, with an IBAN. */
export function receivesPayments(account: ObAccount): boolean {
  return account.enabled && account.currencyCode === 'EUR' && Boolean(account.iban);
}

export interface PayableAccount {
  account: ObAccount;
  registry: ObBusinessRegistry;
}

/** The registries the invoice's sender owns first, the others in the API's order. */
export function senderFirst(
  registries: readonly ObBusinessRegistry[],
  senderFiscalIds: readonly string[],
): ObBusinessRegistry[] {
  const isSender = (registry: ObBusinessRegistry) =>
    senderFiscalIds.includes(registry.fiscalId.toUpperCase());
  return [...registries.filter(isSender), ...registries.filter((entry) => !isSender(entry))];
}

/**
 * The account offered first: the sender's current account, else its only payable account, else
 * the only payable account there is; none when the user has to choose.
 */
export function preselectedAccount(
  payable: readonly PayableAccount[],
  senderFiscalIds: readonly string[],
): string {
  const sender = payable.filter(({ registry }) =>
    senderFiscalIds.includes(registry.fiscalId.toUpperCase()),
  );
  const current = sender.find(({ account }) => account.nature === 'account');
  const only = (entries: readonly PayableAccount[]) =>
    entries.length === 1 ? entries[0] : undefined;
  return (current ?? only(sender) ?? only(payable))?.account.uuid ?? '';
}

export function newInvoicePaymentValues(
  invoice: InvoiceToBePaid,
  payable: readonly PayableAccount[],
): InvoicePaymentInput {
  return {
    accountUuid: preselectedAccount(payable, invoice.senderFiscalIds),
    system: 'sepa',
    amount: invoice.amountOwed,
    currencyCode: 'EUR',
    // The payer reads it on an Italian invoice's payment: in Italian, whatever the console speaks.
    description: invoice.invoiceNumber ? `Fattura ${invoice.invoiceNumber}` : '',
    email: '',
  };
}

export function toInvoicePaymentRequest(
  invoiceUuid: string,
  values: InvoicePaymentValues,
): ObReceivePayment {
  return { ...toReceivePaymentRequest(values.accountUuid, values), invoiceUuid };
}
